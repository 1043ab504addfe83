// Says so when the connection is gone, and when it is back: saving and uploading need it.
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../components/use-online';

export function OfflineNotice() {
  const online = useOnline();
  const wasOffline = useRef(!online);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setMessage('You are offline. Your work stays on this page; saving and uploading wait for the connection.');
    } else if (wasOffline.current) {
      setMessage('You are back online.');
      const timer = setTimeout(() => setMessage(''), 4000);
      return () => clearTimeout(timer);
    }
  }, [online]);
  // Always in the page, so screen readers announce the change of its text.
  return (
    <div className={message ? 'offline-notice' : 'visually-hidden'} role="status">
      {message}
    </div>
  );
}
