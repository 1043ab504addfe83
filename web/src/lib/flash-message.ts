// A one-time message handed to the next screen through navigation state ("Module deleted successfully."), with the
// next steps it offers as links (after Finish & Save Module: assign the module to a class, preview its path).
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export interface FlashLink {
  to: string;
  label: string;
}

export interface FlashState {
  flash: string;
  next?: FlashLink[];
}

/** Reads the message once and clears it from history, so a reload or Back does not show it again. */
export function useFlashMessage(): [string, () => void, FlashLink[]] {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Partial<FlashState> | null;
  const incoming = state?.flash;
  const [message, setMessage] = useState(typeof incoming === 'string' ? incoming : '');
  const [next, setNext] = useState<FlashLink[]>(Array.isArray(state?.next) ? state.next : []);

  useEffect(() => {
    if (typeof incoming === 'string') {
      setMessage(incoming);
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [incoming, location.pathname, location.search, navigate]);

  return [
    message,
    () => {
      setMessage('');
      setNext([]);
    },
    next,
  ];
}
