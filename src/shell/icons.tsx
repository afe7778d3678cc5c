// Inline SVG icons for buttons (bell, close, sort arrows): drawn the same on every workstation, unlike emoji or
// symbol glyphs that a font may lack (an empty box). Decorative: the button carries the accessible name.
import type { ReactNode } from 'react';

function Icon({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg className="icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" data-icon={name}
      fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

export function BellIcon() {
  return <Icon name="bell"><path d="M4 11.5V7a4 4 0 0 1 8 0v4.5l1.2 1.2H2.8Z" /><path d="M6.6 14a1.5 1.5 0 0 0 2.8 0" /></Icon>;
}

export function CloseIcon() {
  return <Icon name="close"><path d="M4 4l8 8M12 4l-8 8" /></Icon>;
}

export function ArrowUpIcon() {
  return <Icon name="arrow-up"><path d="M8 13V3M4 7l4-4 4 4" /></Icon>;
}

export function ArrowDownIcon() {
  return <Icon name="arrow-down"><path d="M8 3v10M4 9l4 4 4-4" /></Icon>;
}
