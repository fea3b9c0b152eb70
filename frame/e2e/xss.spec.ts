import { expect, FRAME, openByNavigation, test } from './fixtures.ts';

/**
 * Payloads a CMS page could carry: script tags, event handlers, javascript: and data: URLs, SVG
 * and MathML, and mutation-XSS nestings. Each calls window.__xss(n) if it ever runs.
 */
const PAYLOADS = [
  '<script>__xss(1)</script>',
  '<img src=x onerror=__xss(2)>',
  '<svg onload=__xss(3)>',
  '<svg><script>__xss(4)</script></svg>',
  '<a href="javascript:__xss(5)">a5</a>',
  '<a href="JaVaScRiPt:__xss(6)">a6</a>',
  '<a href="&#106;avascript:__xss(7)">a7</a>',
  '<iframe src="javascript:__xss(8)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(9)</script>"></iframe>',
  '<body onload=__xss(10)>',
  '<details open ontoggle=__xss(11)><summary>d</summary></details>',
  '<input autofocus onfocus=__xss(12)>',
  '<video><source onerror=__xss(13)></video>',
  '<audio src=x onerror=__xss(14)></audio>',
  '<object data="javascript:__xss(15)"></object>',
  '<embed src="javascript:__xss(16)">',
  '<form action="javascript:__xss(17)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(18)>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(19)>"></noscript>',
  '<svg><style><img src=x onerror=__xss(20)></style></svg>',
  '<div style="background:url(javascript:__xss(21))">s</div>',
  '<marquee onstart=__xss(22)>m</marquee>',
  '<select autofocus onfocus=__xss(23)></select>',
  '<textarea autofocus onfocus=__xss(24)></textarea>',
  '<base href="javascript:__xss(25)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(26)">',
  '<link rel=import href="data:text/html,<script>__xss(27)</script>">',
  '<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMjgpPC9zY3JpcHQ+">a28</a>',
  '<svg><a xlink:href="javascript:__xss(29)"><text x=20 y=20>a29</text></a></svg>',
  '<table background="javascript:__xss(30)"><tr><td>t</td></tr></table>',
  '<div onmouseover="__xss(31)">hover me</div>',
  '<p>"><script>__xss(32)</script></p>',
  '<img src="x` `<script>__xss(33)</script>"` `>',
  '<math><maction actiontype="statusline" xlink:href="javascript:__xss(34)">m</maction></math>',
  '<svg><animate onbegin=__xss(35) attributeName=x dur=1s>',
  '<a href=" &#14;javascript:__xss(36)">a36</a>',
  '<template><img src=x onerror=__xss(37)></template>',
  '<style>@import "javascript:__xss(38)";</style>',
];

test(`${PAYLOADS.length} XSS payloads through the CMS renderer execute nothing and leave nothing executable`, async ({
  page,
  problems,
}) => {
  problems.allow(/./);
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: (n: number) => void; __xssHits: number[] };
    w.__xssHits = [];
    w.__xss = (n) => w.__xssHits.push(n);
  });
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.route('**/bonus-api/page/promotion/welcome?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const html = PAYLOADS.join('\n');
    await route.fulfill({
      response,
      json: {
        ...body,
        blocks: [
          {
            id: 'hero',
            type: 'hero',
            props: { title: '<img src=x onerror=__xss(99)>', text: '<script>__xss(98)</script>' },
          },
          { id: 'rich', type: 'richText', props: { html } },
          { id: 'rules', type: 'rules', props: { title: 'Rules', items: [{ title: 'All of them', html }] } },
        ],
      },
    });
  });
  // Reached from another page: the browser renders the page it asked for (with the payloads).
  await openByNavigation(page, `${FRAME}/en/bonus/welcome`);
  // Text props stay text.
  await expect(page.getByRole('heading', { level: 1, name: '<img src=x onerror=__xss(99)>' })).toBeVisible();
  await page.getByText('All of them').click();
  // Whatever of the handler payloads survived as text gets the pointer too.
  const hover = page.getByText('hover me');
  if ((await hover.count()) > 0) await hover.first().hover();
  await page.waitForTimeout(500);
  const article = page.locator('article');
  const leftovers = await article.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (
        [
          'script',
          'iframe',
          'object',
          'embed',
          'svg',
          'math',
          'form',
          'input',
          'style',
          'base',
          'meta',
          'link',
          'template',
        ].includes(tag)
      ) {
        found.push(`<${tag}>`);
      }
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
        const compact = [...attribute.value].filter((char) => char.charCodeAt(0) > 32).join('');
        if (/^(javascript|data|vbscript):/i.test(compact)) {
          found.push(`${tag}[${attribute.name}=${attribute.value.slice(0, 20)}]`);
        }
      }
    }
    return found;
  });
  expect(leftovers).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xssHits: number[] }).__xssHits)).toEqual([]);
  expect(dialogs).toBe(0);
});
