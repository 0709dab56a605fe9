import siteLayoutCss from "./site-layout.css?inline";
import siteCss from "../site/site.css?inline";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { BrandMark } from "../ui/brand-mark";
import { InlineCss } from "../ui/inline-css";

const headerLinks = [
  { to: "/business", label: "For Business" },
  { to: "/about", label: "About us" },
  { to: "/resources", label: "Resources" },
] as const;

const footerLinks = [
  { to: "/about", label: "About Us" },
  { to: "/host", label: "Become a host" },
  { to: "/resources", label: "Resources" },
  { to: "/business", label: "For Business" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/support", label: "Support" },
  { to: "/terms", label: "Terms" },
] as const;

function MainNav() {
  return (
    <nav aria-label="Main">
      <ul className="site-nav">
        {headerLinks.map((link) => (
          <li key={link.to}>
            <NavLink className="site-nav__link" to={link.to}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink className="button" to="/host">
            Get Started
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** Escape closes the open menu and gives the focus back to its toggle. */
function useCloseOnEscape() {
  const menuRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      const menu = menuRef.current;
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, []);
  return menuRef;
}

/** The public site's frame: skip link, header with navigation, main content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const menuRef = useCloseOnEscape();
  return (
    <div className="site">
      <InlineCss name="site-layout" css={siteLayoutCss} />
      <InlineCss name="site" css={siteCss} />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link className="site-brand" to="/">
            <BrandMark />
            Serene
          </Link>
          <div className="site-header__wide">
            <MainNav />
          </div>
          {/* A <details> disclosure opens without JavaScript; the key closes it after each navigation. */}
          <details className="site-menu" key={pathname} ref={menuRef}>
            <summary className="site-menu__toggle">
              <span className="site-menu__icon" aria-hidden="true" />
              Menu
            </summary>
            <div className="site-menu__panel">
              <MainNav />
            </div>
          </details>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <Link className="site-brand" to="/">
            <BrandMark />
            Serene
          </Link>
          <nav aria-label="Footer">
            <ul className="site-footer__links">
              {footerLinks.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="site-footer__note">© Serene. Breathe easy.</p>
        </div>
      </footer>
    </div>
  );
}
