// Zoom out / the zoom level / zoom in / fit, shared by the PDF and slide viewers: steps from 50 % to 300 %, fit
// follows the space the viewer has.

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** Fit to the space, or a fixed zoom (1 = 100 %: a PDF page at 96 dpi, a slide 960 px wide). */
export type Zoom = 'fit' | number;

interface ZoomControlProps {
  zoom: Zoom;
  /** The scale shown now (also while fitting), from which a step in or out is taken. */
  scale: number;
  onZoom: (zoom: Zoom) => void;
  fitLabel?: string;
}

/** The next step in (1) or out (-1) from `scale`; at either end, `scale` itself. */
export function zoomStep(scale: number, direction: 1 | -1): number {
  const steps = direction === 1 ? ZOOM_STEPS : [...ZOOM_STEPS].reverse();
  return steps.find((step) => (direction === 1 ? step > scale + 0.01 : step < scale - 0.01)) ?? scale;
}

export function ZoomControl({ zoom, scale, onZoom, fitLabel = 'Fit to width' }: ZoomControlProps) {
  return (
    <span className="viewer-zoom">
      <button type="button" className="button button-secondary icon-button" onClick={() => onZoom(zoomStep(scale, -1))} aria-label="Zoom out">
        −
      </button>
      <span className="viewer-zoom-level">{Math.round(scale * 100)}%</span>
      <button type="button" className="button button-secondary icon-button" onClick={() => onZoom(zoomStep(scale, 1))} aria-label="Zoom in">
        +
      </button>
      <button type="button" className="button button-secondary" onClick={() => onZoom('fit')} aria-pressed={zoom === 'fit'}>
        {fitLabel}
      </button>
    </span>
  );
}
