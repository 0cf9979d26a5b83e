import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The address of a client's page (issue 21). */
export function clientPagePath(clientId: string): string {
  return `/clients/${encodeURIComponent(clientId)}`;
}

interface ClientPageLinkProps {
  clientId: string;
  /** The client's name: the link's text unless `children` is given. */
  name: string;
  /** Another text (e.g. 'Voir la fiche'); the link is then named 'Voir la fiche de <name>' for screen readers. */
  children?: ReactNode;
  className?: string;
}

/**
 * A link to a client's page ("fiche client"), e.g. from the client's card on Clients. Kept apart from
 * the page itself, so that the list loads none of the page's code.
 */
export function ClientPageLink({ clientId, name, children, className }: ClientPageLinkProps) {
  return (
    <Link
      to={clientPagePath(clientId)}
      className={className}
      {...(children === undefined ? {} : { 'aria-label': `${textOf(children)} de ${name}` })}
    >
      {children ?? name}
    </Link>
  );
}

/** The visible text of `children` when it is plain text ('Voir la fiche'), else 'Voir la fiche'. */
function textOf(children: ReactNode): string {
  return typeof children === 'string' ? children : 'Voir la fiche';
}
