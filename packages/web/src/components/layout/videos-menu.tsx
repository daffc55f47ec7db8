import { useEffect, useId, useRef, useState } from 'react';
import { paths } from '../../config/paths.ts';
import { NavLink, useLocation } from '../../lib/router.tsx';

/**
 * The 'Vidéos' submenu as a disclosure: a button that shows a list of links. Enter/Space opens
 * it, Escape closes it and gives focus back to the button, and leaving it closes it.
 */
export function VideosMenu({ isSuperadmin }: { isSuperadmin: boolean }) {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null);
  const listId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const pointerDown = useRef(false);

  // A press elsewhere closes the menu once it is a click, not before: on a phone the menu stacks
  // the links, so closing at press time would move 'Page' from under the finger and lose the tap.
  useEffect(() => {
    if (!open) return;
    const press = () => (pointerDown.current = true);
    const release = () => (pointerDown.current = false);
    const closeOutside = (event: MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    document.addEventListener('click', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      document.removeEventListener('click', closeOutside);
    };
  }, [open]);

  const active = [paths.videos, paths.allVideos, paths.featured, paths.comments, paths.addVideo].some(
    (path) => location.pathname === path,
  );
  return (
    <li
      ref={rootRef}
      className="nav-submenu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!pointerDown.current && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-submenu-toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        Vidéos <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="nav-submenu-list" hidden={!open}>
        {isSuperadmin && (
          <>
            <li>
              <NavLink className="nav-link" to={paths.allVideos}>
                Toutes les vidéos
              </NavLink>
            </li>
            <li>
              <NavLink className="nav-link" to={paths.featured}>
                À la une
              </NavLink>
            </li>
          </>
        )}
        <li>
          <NavLink className="nav-link" to={paths.videos}>
            Mes vidéos
          </NavLink>
        </li>
        <li>
          <NavLink className="nav-link" to={paths.comments}>
            Commentaires
          </NavLink>
        </li>
        <li>
          <NavLink className="nav-link" to={paths.addVideo}>
            Ajouter une vidéo
          </NavLink>
        </li>
      </ul>
    </li>
  );
}
