import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender-entry.tsx';

describe(renderPage.name, () => {
  it('draws the landing page as a signed-out visitor sees it, in the layout', async () => {
    const { html, title } = await renderPage('/');
    expect(title).toBe('Accueil · Coulisses');
    expect(html).toContain('<h1>Bienvenue dans les coulisses</h1>');
    expect(html).toContain('Des offres et des réductions exclusives');
    expect(html).toContain('>Télécharger l’app</a>');
    expect(html).toMatch(/<a class="button button-large" href="\/login">Espace créateurs<\/a>/);
    expect(html).toContain('<nav class="navbar" aria-label="Navigation principale">');
    expect(html).toContain('Tous droits réservés.');
  });

  it('draws the login page with its form, whose button waits for the page’s code', async () => {
    const { html, title } = await renderPage('/login');
    expect(title).toBe('Espace créateurs · Coulisses');
    expect(html).toContain('<h1>Espace créateurs</h1>');
    expect(html).toContain(
      'Réservé aux créateurs de contenu : connecte-toi pour gérer tes vidéos, ta page et tes stats.',
    );
    expect(html).toMatch(/<label for="[^"]+">E-mail<\/label><input [^>]*type="email"/);
    expect(html).toMatch(/<label for="[^"]+">Mot de passe<\/label><input [^>]*type="password"/);
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""[^>]*>Connexion<\/button>/);
    // Drawn whole: no loading state left for the browser to fill in.
    expect(html).not.toContain('Chargement');
  });
});
