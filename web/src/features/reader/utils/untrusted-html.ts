// Office files come from teachers and are opened by children: what a renderer produced from one is untrusted HTML.
// Before it is shown, anything that could run or reach another host is taken out: scripts, frames, objects, event
// handler attributes, links other than http(s)/mailto (the rest open in a new tab without opener or referrer),
// and images that are not embedded in the file itself.

const REMOVED_ELEMENTS = 'script, iframe, frame, frameset, object, embed, applet, form, base, meta, link, audio, video, source, track';
const SAFE_LINK = /^(https?:|mailto:)/i;
/** Images the renderer took out of the file arrive as data: or blob: URLs; anything else would be a request to somewhere. */
const EMBEDDED_IMAGE = /^(data:image\/|blob:)/i;
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'srcset', 'background', 'ping'];

export function neutralizeUntrustedHtml(root: Element | DocumentFragment): void {
  root.querySelectorAll(REMOVED_ELEMENTS).forEach((element) => element.remove());
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) element.removeAttribute(attribute.name);
    }
    if (element.localName === 'a' || element.localName === 'area') {
      neutralizeLink(element);
    } else if (element.localName === 'img' || element.localName === 'image') {
      const source = element.getAttribute('src') ?? element.getAttribute('href') ?? element.getAttribute('xlink:href') ?? '';
      if (!EMBEDDED_IMAGE.test(source.trim())) element.remove();
      else element.removeAttribute('srcset');
    } else {
      for (const name of URL_ATTRIBUTES) element.removeAttribute(name);
    }
    // url(...) in inline styles would fetch; embedded images keep working. Rewritten through the CSSOM: the element may
    // still be in the app's document, whose CSP refuses style attributes.
    const style = element.getAttribute('style');
    if (style && /url\(\s*['"]?(?!data:image\/|blob:)/i.test(style)) {
      if (hasInlineStyle(element)) element.style.cssText = style.replace(/url\([^)]*\)/gi, 'none');
      else element.removeAttribute('style');
    }
  }
}

const hasInlineStyle = (element: Element): element is HTMLElement | SVGElement => 'style' in element;

function neutralizeLink(link: Element): void {
  const href = (link.getAttribute('href') ?? '').trim();
  for (const name of URL_ATTRIBUTES) link.removeAttribute(name);
  if (SAFE_LINK.test(href)) {
    link.setAttribute('href', href);
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  } else {
    // The text stays readable; it is just not a link any more.
    link.removeAttribute('target');
    link.setAttribute('data-removed-link', '');
  }
}

/**
 * The renderers do not carry a picture's description over, so an image has no text alternative: it is marked
 * decorative (alt="") rather than read out as a file name; the text on the page or slide carries the content.
 */
export function markUnlabelledImagesDecorative(root: Element | DocumentFragment): void {
  root.querySelectorAll('img:not([alt])').forEach((image) => image.setAttribute('alt', ''));
}

/** Inline positioning that takes an element out of the text's flow, so it can lie anywhere over the page. */
const OUT_OF_FLOW = /(^|;)\s*position\s*:\s*(absolute|fixed|sticky)/i;
const PLACEMENT = ['top', 'right', 'bottom', 'left', 'inset', 'transform', 'translate', 'z-index'];

/**
 * A Word file's text box or shape anchored to the page comes out absolutely positioned: it could lie over the
 * document's own text ("session expired, call ..."). In the Word reader it goes back into the flow, where it takes
 * its own room. (Slides keep their positions: that is how a slide is laid out.)
 */
export function keepInFlow(root: Element | DocumentFragment): void {
  for (const element of root.querySelectorAll('[style]')) {
    if (!OUT_OF_FLOW.test(element.getAttribute('style') ?? '')) continue;
    if (!hasInlineStyle(element)) {
      element.removeAttribute('style');
      continue;
    }
    // Through the CSSOM: the element's other declarations (its size, its colours) stay as they are.
    element.style.position = 'static';
    for (const property of PLACEMENT) element.style.removeProperty(property);
  }
}
