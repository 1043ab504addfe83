// A QR code drawn as SVG from its modules (uqr's encode, no HTML strings): the app's CSP and its untrusted-HTML rule
// stay as they are. uqr loads only when a code is first shown, in its own chunk.
import { useEffect, useState } from 'react';

type Modules = boolean[][];

export function QrCode({ text, label }: { text: string; label: string }) {
  const [modules, setModules] = useState<Modules | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (current) setModules(encode(text, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!modules) return <div className="qr-code" aria-busy="true" />;
  const size = modules.length;
  // One path for all dark modules: a few hundred small squares drawn as one element.
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
