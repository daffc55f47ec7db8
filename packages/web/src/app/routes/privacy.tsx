import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <article className="page legal">
      <h1>Politique de confidentialité</h1>
      <p className="legal-date">En vigueur au 16 septembre 2024.</p>

      <p>
        Cette politique explique quelles données personnelles l’application Coulisses et son espace créateurs
        collectent, pourquoi, et quels sont tes droits. Elle complète les{' '}
        <Link to={paths.terms}>conditions générales d’utilisation</Link>.
      </p>

      <h2>1. Les données que nous collectons</h2>
      <p>Lors de ton inscription et de ton utilisation de l’espace membre, nous collectons uniquement :</p>
      <ul>
        <li>ton adresse e-mail ;</li>
        <li>ton pseudonyme.</li>
      </ul>
      <p>
        Ton mot de passe n’est jamais conservé en clair : seule une empreinte chiffrée est enregistrée. Nous
        ne collectons ni ton nom, ni ton adresse postale, ni tes coordonnées bancaires.
      </p>

      <h2>2. Pourquoi nous les utilisons</h2>
      <ul>
        <li>
          <strong>La gestion de ton espace membre</strong> : créer ton compte, te permettre de te connecter,
          sécuriser ton accès et te contacter au sujet de ton compte.
        </li>
        <li>
          <strong>La publication des avis</strong> : ton pseudonyme apparaît à côté des commentaires et avis
          que tu publies sous les contenus des créateurs.
        </li>
      </ul>
      <p>Tes données ne sont ni vendues, ni louées, ni utilisées à des fins publicitaires.</p>

      <h2>3. Sur quelle base</h2>
      <p>
        Le traitement repose sur l’exécution du contrat qui te lie à Coulisses lorsque tu acceptes les
        conditions générales d’utilisation en t’inscrivant.
      </p>

      <h2>4. Combien de temps nous les gardons</h2>
      <p>
        Tes données sont conservées tant que ton compte existe. Si tu supprimes ton compte, elles sont
        effacées dans un délai de 30 jours, sauf obligation légale de conservation.
      </p>

      <h2>5. Qui y a accès</h2>
      <p>
        Seule l’équipe qui administre Coulisses a accès à ton adresse e-mail. Ton pseudonyme est visible des
        autres membres lorsque tu publies un avis.
      </p>

      <h2>6. Cookies</h2>
      <p>
        L’espace créateurs utilise un seul cookie, indispensable à son fonctionnement : il garde ta session
        ouverte une fois connecté. Il ne sert à aucun suivi et disparaît quand tu te déconnectes ou quand ta
        session expire.
      </p>

      <h2>7. Tes droits</h2>
      <p>
        Conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et
        Libertés, tu peux accéder à tes données, les faire rectifier ou effacer, t’opposer à leur traitement,
        en limiter l’usage ou en demander la portabilité. Écris-nous depuis l’adresse e-mail de ton compte à{' '}
        <a href="mailto:contact@coulisses.app">contact@coulisses.app</a>. Tu peux aussi saisir la CNIL
        (www.cnil.fr).
      </p>
    </article>
  );
}
