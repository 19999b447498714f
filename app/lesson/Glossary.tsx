import './glossary.css';
import { useEffect, useId, useRef, useState } from 'react';
import { GLOSSARY } from './glossary.ts';

/** The glossary, one click away: a disclosure button and the list of terms it opens. Esc closes it. */
export function Glossary() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const panel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  return (
    <div className="glossary">
      <button ref={button} type="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        Glossary
      </button>
      <div
        ref={panel}
        id={`${id}-panel`}
        className="glossary-panel"
        role="region"
        aria-label="Glossary"
        tabIndex={-1}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }}
      >
        <dl>
          {GLOSSARY.map(([term, meaning]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <button type="button" onClick={() => (setOpen(false), button.current?.focus())}>
          Close the glossary
        </button>
      </div>
    </div>
  );
}
