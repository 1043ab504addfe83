// While a login screen is between "signed in" and "group checked", the public-only wrapper must not redirect:
// the screen itself decides (dashboard, other login screen, or access denied).
import { createContext, useContext } from 'react';

export const SignInHoldContext = createContext<(held: boolean) => void>(() => {});

export function useSignInHold(): (held: boolean) => void {
  return useContext(SignInHoldContext);
}
