import { type CheerioAPI, load } from 'cheerio';
import { type AnyNode, type Element, isTag, isText, Text } from 'domhandler';
import { deepMarkupNote, MAX_MARKUP_DEPTH, shallowMarkup } from '../../domain/shallow-markup.js';

/**
 * Deeper than MAX_MARKUP_DEPTH, a page's markup is kept as plain text. cheerio's serializer and text reader recurse
 * once per level, so a post nested 10,000 elements deep (a player's prank) would overflow the stack and lose the
 * whole page; no real post comes near this depth. parse5 costs time in the depth for each tag (its scope checks:
 * 100,000 nested `div`s took 76.6 s), so markup deeper than twice that is cut before it reads the page.
 */
export { MAX_MARKUP_DEPTH };

const PARSED_DEPTH = 2 * MAX_MARKUP_DEPTH;

export interface LoadedPage {
  $: CheerioAPI;
  /** How deep the markup under `el` went where it was cut to text; null when it was not cut. */
  cutDepth(el: Element): number | null;
}

/** Loads a page and cuts every subtree below MAX_MARKUP_DEPTH to its text, walking without recursion. */
export function loadPage(html: string): LoadedPage {
  const shallow = shallowMarkup(html, PARSED_DEPTH);
  const cut = shallow.cuts.length > 0;
  // Where markup was cut before parsing, its elements' places in the page tell which post held it.
  const $ = cut ? load(shallow.html, { sourceCodeLocationInfo: true }) : load(html);
  const deepest = new Map<AnyNode, number>();
  const stack: Array<[AnyNode, number]> = [[$.root()[0]!, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!('children' in node)) continue;
    if (depth >= MAX_MARKUP_DEPTH && node.children.some(isTag)) {
      const { text, depth: below } = flatten(node.children);
      const leaf = new Text(text);
      leaf.parent = node;
      node.children = [leaf];
      for (let up: AnyNode | null = node; up; up = up.parent)
        deepest.set(up, Math.max(deepest.get(up) ?? 0, depth + below));
      continue;
    }
    for (const child of node.children) stack.push([child, depth + 1]);
  }
  const cutDepth = (el: Element) => {
    let depth = deepest.get(el) ?? null;
    if (!cut || depth === null) return depth;
    const { startIndex: start, endIndex: end } = el;
    for (const c of shallow.cuts)
      if (start !== null && end !== null && c.at > start && c.at < end) depth = Math.max(depth, c.deepest);
    return depth;
  };
  return { $, cutDepth };
}

/** The text under `nodes` in document order, and how many element levels they hold. */
function flatten(nodes: AnyNode[]): { text: string; depth: number } {
  const parts: string[] = [];
  let max = 0;
  const stack: Array<[AnyNode, number]> = nodes.map((n) => [n, 1] as [AnyNode, number]).reverse();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (isText(node)) parts.push(node.data);
    else if (isTag(node)) {
      max = Math.max(max, depth);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, depth + 1]);
    }
  }
  return { text: parts.join(''), depth: max };
}

/** The note a post read from a cut page carries in its dump line (`readNote`), turned into a flag by the machine. */
export function cutNote(depth: number | null): string | null {
  return depth === null ? null : deepMarkupNote(depth);
}
