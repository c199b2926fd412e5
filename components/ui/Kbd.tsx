/** A key to press, shown on the button it triggers ("Allow once A"). */
export function Kbd({ children }: { children: string }) {
  return (
    <kbd className="ml-1.5 rounded border border-current/30 px-1 font-mono text-[10px] leading-none opacity-70">
      {children}
    </kbd>
  );
}
