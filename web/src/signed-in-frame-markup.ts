// What the build writes into a dashboard's shell for src/signed-in-frame.ts to find. Constants only: the build's own
// code (web/build/page-html.ts) imports them without the app's modules.

/** The `<template>` holding the frame; its `data-role` is the page's audience. */
export const FRAME_TEMPLATE_ID = 'signed-in-frame';

/** What the build renders as the user's name (and so its first letter as their initial), for the script to fill in. */
export const FRAME_NAME = '\uE000\uE001';

/**
 * What the build writes a frame's style attributes as: the CSP applies no style attribute from markup (it reports each
 * one), and the script sets them through the CSSOM, as React sets its style props.
 */
export const FRAME_STYLE_ATTRIBUTE = 'data-frame-style';

/** Set on #root while it holds the frame: the app renders over it rather than hydrating it. */
export const FRAME_SHOWN_ATTRIBUTE = 'data-signed-in-frame';
