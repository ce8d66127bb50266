/** The page header: table and encounter names, who you are, and whether the live link is up. */
import type { ReactNode } from 'react';
import type { LinkStatus } from '../api/socket.ts';

const LINK_TEXT: Record<LinkStatus, string> = { live: 'Live', connecting: 'Connecting…', offline: 'Reconnecting…' };

export function TopBar({ title, subtitle, role, link, children }: { title: string; subtitle?: string; role: string; link: LinkStatus; children?: ReactNode }) {
  return (
    <header className="topbar">
      <div className="topbar-title">
        <a href="#/" className="brand" aria-label="Skirmish home">⚔</a>
        <h1>{title}</h1>
        {subtitle && <span className="muted">{subtitle}</span>}
      </div>
      <div className="topbar-right">
        {children}
        <span className="badge role">{role}</span>
        <span className={`link link-${link}`} role="status" data-testid="link-status" data-status={link}>
          {LINK_TEXT[link]}
        </span>
      </div>
    </header>
  );
}
