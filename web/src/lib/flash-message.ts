// A one-time message handed to the next screen through navigation state ("Module deleted successfully.").
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export interface FlashState {
  flash: string;
}

/** Reads the message once and clears it from history, so a reload or Back does not show it again. */
export function useFlashMessage(): [string, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as Partial<FlashState> | null)?.flash;
  const [message, setMessage] = useState(typeof incoming === 'string' ? incoming : '');

  useEffect(() => {
    if (typeof incoming === 'string') {
      setMessage(incoming);
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [incoming, location.pathname, location.search, navigate]);

  return [message, () => setMessage('')];
}
