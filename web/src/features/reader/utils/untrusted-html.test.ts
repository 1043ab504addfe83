import { keepInFlow, markUnlabelledImagesDecorative, neutralizeUntrustedHtml } from './untrusted-html';

function neutralized(html: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  neutralizeUntrustedHtml(template.content);
  const root = document.createElement('div');
  root.append(template.content);
  return root;
}

it('removes scripts, frames, objects, forms and event handlers', () => {
  const root = neutralized(
    '<p onclick="alert(1)" onmouseover="alert(2)">Text</p><script>alert(3)</script><iframe src="https://evil.example"></iframe>' +
      '<object data="x.swf"></object><embed src="x"><form action="https://evil.example"><input></form><svg onload="alert(4)"><circle/></svg>',
  );
  expect(root.querySelector('script, iframe, object, embed, form')).toBeNull();
  expect(root.querySelector('p')!.getAttributeNames()).toEqual([]);
  expect(root.querySelector('svg')!.hasAttribute('onload')).toBe(false);
  expect(root.textContent).toContain('Text');
});

it('keeps http(s) and mailto links, opening in a new tab without opener or referrer', () => {
  const root = neutralized('<a href="https://example.org/a">web</a><a href="mailto:t@example.org">mail</a>');
  for (const link of root.querySelectorAll('a')) {
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  }
  expect(root.querySelector('a')!.getAttribute('href')).toBe('https://example.org/a');
});

it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd'])(
  'turns a %s link into plain text',
  (href) => {
    const root = neutralized(`<a href="${href}" target="_self">Click for a prize</a>`);
    const link = root.querySelector('a')!;
    expect(link.hasAttribute('href')).toBe(false);
    expect(link.hasAttribute('target')).toBe(false);
    expect(root.textContent).toBe('Click for a prize');
  },
);

it('keeps images embedded in the file and drops any that would be fetched from elsewhere', () => {
  const root = neutralized(
    '<img alt="embedded" src="data:image/png;base64,iVBORw0KGgo="><img alt="blob" src="blob:http://app/1">' +
      '<img alt="tracker" src="https://evil.example/t.png"><img alt="relative" src="/t.png"><svg><image href="https://evil.example/x.png"/></svg>',
  );
  expect([...root.querySelectorAll('img')].map((image) => image.alt)).toEqual(['embedded', 'blob']);
  expect(root.querySelector('image')).toBeNull();
});

it('takes remote url(...) out of inline styles and leaves the rest of the style', () => {
  const root = neutralized('<div style="color: red; background-image: url(https://evil.example/t.png)">x</div>');
  const style = root.querySelector('div')!.getAttribute('style')!;
  expect(style).not.toContain('evil.example');
  expect(style).toContain('color: red');
});

it('marks pictures without a description decorative and keeps the descriptions there are', () => {
  const root = neutralized('<img src="data:image/png;base64,AA=="><img alt="A leaf" src="data:image/png;base64,AA==">');
  markUnlabelledImagesDecorative(root);
  expect([...root.querySelectorAll('img')].map((image) => image.getAttribute('alt'))).toEqual(['', 'A leaf']);
});

it('puts elements positioned over the page back into the flow, keeping their other styles', () => {
  const root = document.createElement('div');
  root.innerHTML =
    '<div style="position: fixed; top: 0; left: 0; z-index: 99; width: 100px; color: red">Session expired</div>' +
    '<p style="position:absolute;transform:translate(10px, 20px)">Call now</p><p style="position: relative">Kept</p>';
  keepInFlow(root);
  const [fixed, absolute, relative] = [...root.children] as HTMLElement[];
  expect([fixed.style.position, fixed.style.top, fixed.style.left, fixed.style.zIndex, fixed.style.width, fixed.style.color]).toEqual(['static', '', '', '', '100px', 'red']);
  expect([absolute.style.position, absolute.style.transform]).toEqual(['static', '']);
  expect(relative.style.position).toBe('relative');
});
