/**
 * Writes `text` into a rich-text editor: each line arrives as the browser
 * hands over pasted text, and a new line is the Enter key. (jsdom cannot
 * replay keystrokes into contenteditable the way the editor reads them.)
 */
export async function writeInEditor(
  user: { click(element: Element): Promise<void>; paste(text: string): Promise<void>; keyboard(keys: string): Promise<void> },
  editor: HTMLElement,
  text: string,
): Promise<void> {
  await user.click(editor);
  // The caret goes after what is already written, as a click below the text puts it.
  const selection = document.getSelection();
  selection?.selectAllChildren(editor);
  selection?.collapseToEnd();
  document.dispatchEvent(new Event('selectionchange'));
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (index > 0) await user.keyboard('{Enter}');
    if (line) await user.paste(line);
  }
}
