import { initialOf } from '@shared/person-name';
import { showSignedInFrame } from './signed-in-frame';
import { FRAME_NAME, FRAME_SHOWN_ATTRIBUTE, FRAME_STYLE_ATTRIBUTE, FRAME_TEMPLATE_ID } from './signed-in-frame-markup';
import { amplifyStorage, NOW, startEachTestSignedOutAtNow, storeItems } from './testing/amplify-storage';

const CHECKING = '<main id="main"><p class="loading" role="status">Checking your session...</p></main>';
const KEPT_NAME = 'learning-paths:name:sub-1';

/** A dashboard shell as the build writes it: the session check in #root, the frame (named FRAME_NAME) beside it. */
function loadShell(role = 'Teachers') {
  document.body.innerHTML =
    `<div id="root">${CHECKING}</div>` +
    `<template id="${FRAME_TEMPLATE_ID}" data-role="${role}">` +
    `<header><button aria-label="Profile menu for ${FRAME_NAME}"><span class="avatar">${initialOf(FRAME_NAME)}</span><span>${FRAME_NAME}</span></button></header>` +
    `<main id="main"><h1>Welcome back, <!-- -->${FRAME_NAME}<!-- -->!</h1><div class="panel-body" ${FRAME_STYLE_ATTRIBUTE}="--panel-rows:4"></div></main>` +
    '</template>';
}

function signIn(items = amplifyStorage(), name: string | null = 'ada lovelace') {
  storeItems(items);
  if (name !== null) localStorage.setItem(KEPT_NAME, name);
}

const root = () => document.getElementById('root')!;

startEachTestSignedOutAtNow();

describe('the signed-in frame', () => {
  it("replaces the session check with the page's frame, named for the stored session's user, its styles set", () => {
    loadShell();
    signIn();
    showSignedInFrame();

    expect(root().hasAttribute(FRAME_SHOWN_ATTRIBUTE)).toBe(true);
    expect(root().querySelector('h1')?.textContent).toBe('Welcome back, ada lovelace!');
    expect(root().querySelector('button')?.getAttribute('aria-label')).toBe('Profile menu for ada lovelace');
    expect(root().querySelector('.avatar')?.textContent).toBe('A');
    expect(root().querySelector('button')?.textContent).toBe('Aada lovelace');
    expect(root().querySelector<HTMLElement>('.panel-body')?.style.getPropertyValue('--panel-rows')).toBe('4');
    expect(root().querySelector(`[${FRAME_STYLE_ATTRIBUTE}]`)).toBeNull();
    expect(root().textContent).not.toContain('Checking your session');
  });

  it('shows the e-mail for a user without a name, as the app does', () => {
    loadShell();
    signIn(amplifyStorage(), '');
    showSignedInFrame();
    expect(root().querySelector('h1')?.textContent).toBe('Welcome back, ada@example.com!');
  });

  it.each([
    ['nobody is signed in', () => undefined],
    ['the session is of another role', () => signIn(amplifyStorage({ access: { 'cognito:groups': ['Students'] } }))],
    ['the tokens have expired', () => signIn(amplifyStorage({ access: { exp: NOW / 1000 - 60 } }))],
    ['no name was kept on the last load (the app reads it first)', () => signIn(amplifyStorage(), null)],
    ['two app clients have signed in here', () => (signIn(), signIn(amplifyStorage({ client: 'client-2' })))],
  ])('leaves the session check when %s', (_case, arrange) => {
    loadShell();
    arrange();
    showSignedInFrame();
    expect(root().innerHTML).toBe(CHECKING);
    expect(root().hasAttribute(FRAME_SHOWN_ATTRIBUTE)).toBe(false);
  });
});
