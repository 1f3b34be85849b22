import { describe, expect, it } from 'vitest';
import { parseShortcodeAttributes, renderWordPressContent, wpautop } from './wordpress-content';

const context = { postId: '5', attachments: new Map() };

describe('wpautop', () => {
  it('makes paragraphs of blank-line blocks and line breaks of single newlines', () => {
    expect(wpautop('One\ntwo\n\nThree')).toBe('<p>One<br />\ntwo</p>\n<p>Three</p>');
  });

  it('never wraps block tags in paragraphs and leaves <pre> as typed', () => {
    const html = wpautop(
      '<h2>Title</h2>\nText\n<ul>\n<li>a</li>\n</ul>\n<pre>x\n\ny</pre>\n<blockquote>Quote</blockquote>',
    );
    expect(html).toBe(
      '<h2>Title</h2>\n<p>Text</p>\n<ul>\n<li>a</li>\n</ul>\n<pre>x\n\ny</pre>\n<blockquote><p>Quote</p></blockquote>',
    );
  });

  it('is empty for whitespace', () => {
    expect(wpautop(' \n\n ')).toBe('');
  });
});

describe('shortcodes', () => {
  it('parses the attribute forms WordPress accepts', () => {
    expect(
      parseShortcodeAttributes(` id="attachment_5" align='alignleft' width=300 "positional" bare`),
    ).toEqual({
      id: 'attachment_5',
      align: 'alignleft',
      width: '300',
      0: 'positional',
      1: 'bare',
    });
  });

  it('takes a caption from the caption attribute and keeps a linked image', () => {
    const { html } = renderWordPressContent(
      '[caption id="attachment_5" caption="From the attribute"]<a href="https://x.example/big.jpg"><img src="https://x.example/a.jpg" /></a>[/caption]',
      context,
    );
    expect(html).toBe(
      '<figure><a href="https://x.example/big.jpg"><img src="https://x.example/a.jpg" /></a><figcaption>From the attribute</figcaption></figure>',
    );
  });

  it('writes [[escaped]] shortcodes as text and leaves bracketed words alone', () => {
    const { html, notes } = renderWordPressContent('Type [[gallery]] to make a gallery [sic].', context);
    expect(html).toBe('<p>Type [gallery] to make a gallery [sic].</p>');
    expect(notes).toEqual([]);
  });

  it('drops a gallery whose images are not in the export, with a note', () => {
    const { html, notes } = renderWordPressContent('Before\n\n[gallery ids="1,2"]\n\nAfter', context);
    expect(html).toBe('<p>Before</p>\n<p>After</p>');
    expect(notes).toEqual(['A [gallery] was dropped: its images are not in the export.']);
  });

  it('uses the post’s attached images for a gallery without ids', () => {
    const attachments = new Map([
      ['7', { url: 'https://x.example/one.jpg', parent: '5', title: 'One' }],
      ['8', { url: 'https://x.example/other.jpg', parent: '6', title: 'Other' }],
    ]);
    const { html } = renderWordPressContent('[gallery]', { postId: '5', attachments });
    expect(html).toBe('<figure><img src="https://x.example/one.jpg" alt="One" /></figure>');
  });

  it('turns [video] and [audio] into links to their files', () => {
    const { html, notes } = renderWordPressContent('[video mp4="https://x.example/v.mp4"][/video]', context);
    expect(html).toBe('<p><a href="https://x.example/v.mp4">https://x.example/v.mp4</a></p>');
    expect(notes).toEqual(['A [video] became a link to its file.']);
  });
});
