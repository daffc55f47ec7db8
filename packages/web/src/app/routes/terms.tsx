import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <article className="page legal">
      <h1>Conditions générales d’utilisation</h1>
      <p className="legal-date">En vigueur au 16 septembre 2024.</p>

      <h2>1. Objet</h2>
      <p>
        Les présentes conditions générales d’utilisation (CGU) fixent les règles d’accès et d’utilisation de
        l’application Coulisses et de son espace créateurs : contenus vidéo classés par catégorie,
        commentaires sous les publications des créateurs, offres et réductions exclusives.
      </p>

      <h2>2. Acceptation des conditions</h2>
      <p>
        L’inscription à Coulisses nécessite de cocher la case par laquelle tu déclares avoir lu et accepté les
        présentes CGU. Sans cette acceptation, l’inscription n’est pas possible.
      </p>

      <h2>3. Accès aux services</h2>
      <p>
        Certains services sont réservés aux membres inscrits : publier des commentaires et des avis, profiter
        des offres et réductions exclusives. Les non-membres n’ont pas accès à ces services réservés. L’espace
        créateurs est réservé aux créateurs de contenu dont le compte a été ouvert par l’équipe Coulisses.
      </p>

      <h2>4. Ton compte</h2>
      <p>
        Tu t’engages à fournir une adresse e-mail valide et à garder ton mot de passe confidentiel. Toute
        action réalisée depuis ton compte est réputée faite par toi. Si tu penses que ton compte a été utilisé
        sans ton accord, préviens-nous sans attendre.
      </p>

      <h2>5. Règles de bonne conduite</h2>
      <p>
        Tes commentaires et avis doivent rester respectueux : pas de propos injurieux, haineux,
        discriminatoires ou illicites, pas de spam. Coulisses peut retirer un contenu qui ne respecte pas ces
        règles et suspendre le compte de son auteur.
      </p>

      <h2>6. Contenus des créateurs</h2>
      <p>
        Les vidéos et pages des créateurs restent leur propriété. Chaque créateur garantit disposer des droits
        sur ce qu’il publie. Coulisses peut suspendre un créateur dont les contenus enfreignent ces conditions
        ou la loi.
      </p>

      <h2>7. Offres et réductions</h2>
      <p>
        Les offres sont proposées par des partenaires, aux conditions et dans les limites de dates qu’ils
        fixent. Coulisses n’est pas le vendeur des produits ou services concernés.
      </p>

      <h2>8. Données personnelles</h2>
      <p>
        Le traitement de tes données est décrit dans la{' '}
        <Link to={paths.privacy}>politique de confidentialité</Link>.
      </p>

      <h2>9. Modification des conditions</h2>
      <p>
        Coulisses peut faire évoluer ces CGU. La version en vigueur est celle publiée sur cette page, avec sa
        date d’entrée en vigueur.
      </p>

      <h2>10. Droit applicable</h2>
      <p>Les présentes conditions sont soumises au droit français.</p>
    </article>
  );
}
