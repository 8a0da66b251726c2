/** An HTML element with attributes and text, for the page's lists and controls. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}
