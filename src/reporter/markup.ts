/** The little markup a draft needs, per forum format. Untrusted text always goes through `text()`. */
export interface Markup {
  name: 'bbcode' | 'markdown' | 'text';
  text(s: string): string;
  bold(s: string): string;
  link(label: string, url: string | null): string;
  /** A collapsed block (spoiler) where the forum has one, else a quote. */
  collapsed(title: string, lines: string[]): string[];
  /** How lines are joined into a post. */
  join(lines: string[]): string;
}

export const bbcode: Markup = {
  name: 'bbcode',
  // BBCode has no escape: neutralise brackets so a name cannot open a tag.
  text: (s) => s.replace(/\[/g, '［').replace(/\]/g, '］'),
  bold: (s) => `[b]${s}[/b]`,
  link: (label, url) => (url ? `[url=${url.replace(/[[\]\s]/g, encodeURIComponent)}]${label}[/url]` : label),
  collapsed: (title, lines) => [`[spoiler=${title}]`, ...lines, '[/spoiler]'],
  join: (lines) => lines.join('\n'),
};

export const markdown: Markup = {
  name: 'markdown',
  text: (s) => s.replace(/([\\`*_[\]|>~<])/g, '\\$1').replace(/^([#+-])/, '\\$1'),
  bold: (s) => `**${s}**`,
  link: (label, url) => (url ? `[${label}](${url.replace(/[()\s]/g, encodeURIComponent)})` : label),
  collapsed: (title, lines) => [`**${title}**`, '', ...lines.map((l) => `> ${l}`)],
  // Reddit markdown needs a blank line (or two trailing spaces) for a line break.
  join: (lines) => lines.join('  \n'),
};

export const text: Markup = {
  name: 'text',
  text: (s) => s,
  bold: (s) => s,
  link: (label) => label,
  collapsed: (title, lines) => [`${title}:`, ...lines.map((l) => `  ${l}`)],
  join: (lines) => lines.join('\n'),
};

export const MARKUPS = { bbcode, markdown, text } as const;
export type FormatName = keyof typeof MARKUPS;
