/**
 * Copies text to the clipboard. `navigator.clipboard` exists only in secure contexts (https or
 * loopback); over plain http on a LAN address the old selection + execCommand path still works.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or document not focused: fall through to the legacy path.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const isCopied = document.execCommand("copy");
  area.remove();
  return isCopied;
}
