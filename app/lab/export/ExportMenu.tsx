import { memo, useEffect, useRef, useState, type RefObject } from 'react';
import { mustWait, WAITING_FOR_REPORT, type ExportItem } from './items.ts';

interface ExportMenuProps {
  /** The panel's name, for the menu button's accessible name ("Export: Finite differences"). */
  panel: string;
  items: readonly ExportItem[];
  /** The panel's section: the charts the items export are found inside it. */
  section: RefObject<HTMLElement | null>;
}

/**
 * A panel's Export menu: a disclosure button and a list of buttons (charts as SVG or PNG, the
 * data as CSV or JSON). Keyboard: Enter or Space opens it, Tab walks the items, Escape closes it;
 * a click or focus outside closes it too.
 */
export const ExportMenu = memo(function ExportMenu({ panel, items, section }: ExportMenuProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    if (details.current) details.current.open = false;
  };
  // A click or focus anywhere else closes the menu, as a menu does.
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (details.current && !details.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);
  const run = async (item: ExportItem) => {
    const host = section.current;
    if (!host) return;
    try {
      setProblem(mustWait(item) ? WAITING_FOR_REPORT : null);
      await item.run(host);
      setProblem(null);
      close();
    } catch (error) {
      setProblem(`Could not export: ${error instanceof Error ? error.message : String(error)}.`);
    }
  };
  return (
    <details
      ref={details}
      className="export-menu"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && details.current?.open) {
          close();
          details.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary aria-label={`Export: ${panel}`}>Export</summary>
      <div className="export-list">
        {items.map((item) => (
          <button key={item.label} type="button" onClick={() => void run(item)}>
            {item.label}
          </button>
        ))}
        <p className="export-problem" role="status">
          {problem ?? ''}
        </p>
      </div>
    </details>
  );
});
