/*
 * The words the demo catalogue is made of: data only. Brands, names and shops are invented; links
 * point at exemple.fr, which belongs to no shop.
 */

/** A list written as `a | b | c`, so a long list of words stays a few lines. */
function words(list: string): readonly string[] {
  return list.split('|').map((word) => word.trim());
}

export interface VideoTheme {
  /** The video category, and the word on its images. */
  category: string;
  /** The creator page's title, from a first name. */
  pageTitle: (firstName: string) => string;
  /** What a creator of this theme says about their channel. */
  bio: string;
  /** What the videos are about: each one fits every title pattern. */
  subjects: readonly string[];
  /** Two colours of the images' gradient. */
  colours: readonly [string, string];
}

export const VIDEO_THEMES: readonly VideoTheme[] = [
  {
    category: 'Cuisine',
    pageTitle: (name) => `Les recettes de ${name}`,
    bio: 'Des recettes de famille, des plats du marché et pas mal de beurre.',
    subjects: words(`
      la tarte tatin | la ratatouille | la blanquette de veau | les crêpes bretonnes
      | la soupe à l’oignon | la quiche lorraine | le gratin dauphinois | le clafoutis aux cerises
      | le bœuf bourguignon | les madeleines | le croque-monsieur | la salade niçoise
    `),
    colours: ['#e76f51', '#6d2e46'],
  },
  {
    category: 'Voyage',
    pageTitle: (name) => `${name} en vadrouille`,
    bio: 'Des week-ends en train, des bonnes adresses et des itinéraires à petit budget.',
    subjects: words(`
      Marseille | la côte bretonne | Annecy | les gorges du Verdon | Lyon | la Corse | Bordeaux
      | le Mont-Saint-Michel | Colmar | les calanques | Biarritz | le Pays basque
    `),
    colours: ['#2a9d8f', '#1d3557'],
  },
  {
    category: 'Sport',
    pageTitle: (name) => `Bouge avec ${name}`,
    bio: 'Des séances courtes, sans matériel, pour reprendre en douceur ou se dépasser.',
    subjects: words(`
      la course à pied | le vélo de route | le yoga du matin | le renforcement musculaire
      | la natation | l’escalade | la randonnée | le pilates | la boxe | les étirements
      | le fractionné | le gainage
    `),
    colours: ['#f4a261', '#264653'],
  },
  {
    category: 'Musique',
    pageTitle: (name) => `${name} joue pour toi`,
    bio: 'Des cours pas à pas, des reprises et les coulisses de mes compositions.',
    subjects: words(`
      la guitare acoustique | le piano | le chant | le ukulélé | la batterie | le beatmaking
      | l’accordéon | la basse | le solfège | le violon | la MAO | l’harmonica
    `),
    colours: ['#8338ec', '#3a0ca3'],
  },
  {
    category: 'Mode',
    pageTitle: (name) => `Le dressing de ${name}`,
    bio: 'De la seconde main, des pièces qui durent et des idées de tenues pour tous les jours.',
    subjects: words(`
      la capsule d’automne | la friperie | la tenue de bureau | les baskets blanches | le trench
      | les accessoires | le jean brut | le look de mariage | les pulls en laine | les sacs vintage
      | le dressing minimaliste | les retouches
    `),
    colours: ['#ff006e', '#3d405b'],
  },
  {
    category: 'Beauté',
    pageTitle: (name) => `La salle de bain de ${name}`,
    bio: 'Des routines simples, des produits testés pour de vrai et zéro filtre.',
    subjects: words(`
      la routine du soir | le maquillage naturel | les cheveux bouclés | la manucure
      | la peau sensible | les parfums | la crème solaire | les sourcils | les masques maison
      | le rasage | le teint lumineux | la coiffure rapide
    `),
    colours: ['#ffafcc', '#9d4edd'],
  },
  {
    category: 'Bricolage',
    pageTitle: (name) => `L’atelier de ${name}`,
    bio: 'Des meubles chinés, des outils de base et des projets à finir en un week-end.',
    subjects: words(`
      l’étagère en chêne | la peinture d’un mur | le carrelage | le meuble chiné
      | la lampe en rotin | le parquet | la tête de lit | la cabane | les joints de salle de bain
      | le placard | le banc de jardin | le papier peint
    `),
    colours: ['#bc6c25', '#283618'],
  },
  {
    category: 'Jardinage',
    pageTitle: (name) => `Le potager de ${name}`,
    bio: 'Un balcon, un petit jardin et tout ce qu’on peut y faire pousser au fil des saisons.',
    subjects: words(`
      les tomates | le potager sur balcon | les rosiers | le compost | les semis de printemps
      | les plantes d’intérieur | la haie | les aromatiques | la pelouse | le bouturage
      | les fraisiers | la permaculture
    `),
    colours: ['#80b918', '#1b4332'],
  },
];

/** Title patterns; `s` is a subject as written above (the title's first letter is raised after). */
export const VIDEO_TITLES: readonly ((s: string) => string)[] = [
  (s) => `${s} : le tuto complet`,
  (s) => `${s} en 10 minutes`,
  (s) => `${s}, mes erreurs de débutant`,
  (s) => `${s} : ce que personne ne te dit`,
  (s) => `${s} : mon avis honnête`,
  (s) => `${s} : les bases`,
  (s) => `${s} : mes 5 conseils`,
  (s) => `${s} avec un petit budget`,
  (s) => `Tes questions sur ${s}`,
  (s) => `Vlog : ${s}`,
  (s) => `${s} pour les débutants`,
  (s) => `Tout sur ${s}`,
];

export const FIRST_NAMES = words(`
  Camille | Léa | Hugo | Inès | Lucas | Manon | Théo | Chloé | Nathan | Jade | Louis | Zoé
  | Gabriel | Emma | Arthur | Louise | Jules | Alice | Raphaël | Lina | Adam | Rose | Sacha | Anna
  | Noé | Mila | Paul | Ambre | Victor | Julia | Malo | Agathe | Tom | Margaux | Yanis | Lou
  | Samuel | Clémence | Mathis | Élise
`);

export const LAST_NAMES = words(`
  Martin | Bernard | Dubois | Thomas | Robert | Richard | Petit | Durand | Leroy | Moreau | Simon
  | Laurent | Lefebvre | Michel | Garcia | David | Bertrand | Roux | Vincent | Fournier | Morel
  | Girard | André | Lefèvre | Mercier | Dupont | Lambert | Bonnet | François | Martinez | Legrand
  | Garnier | Faure | Rousseau | Blanc | Guérin | Muller | Henry | Roussel | Nicolas
`);

export const PUBLISHING_DAYS = words(`lundi | mardi | mercredi | jeudi | vendredi | samedi | dimanche`);

export interface DiscountTheme {
  category: string;
  shops: readonly string[];
  offers: readonly string[];
}

export const DISCOUNT_THEMES: readonly DiscountTheme[] = [
  {
    category: 'Mode et accessoires',
    shops: words(`
      Maison Lavande | Atelier Colette | Les Mailles de Lou | Jean Bleu | Pas de Côté | Fil d’Or
    `),
    offers: words(`
      -20 % sur toute la boutique | livraison offerte dès 30 € | -15 % sur la nouvelle collection
      | un tote bag offert | -30 % sur les pulls | -10 % sur ta première commande
    `),
  },
  {
    category: 'Beauté et bien-être',
    shops: words(`
      Savonnerie du Port | Bulle de Soin | Herboristerie Rivage | Institut Camélia | Ô Naturel
      | Belle Mine
    `),
    offers: words(`
      -25 % sur les soins visage | un massage de 30 min offert | -15 % sur les coffrets
      | un échantillon offert | -20 % sur les savons | 2 produits achetés, le 3e offert
    `),
  },
  {
    category: 'Restaurants',
    shops: words(`
      Le Petit Comptoir | Chez Margot | La Cantine du Canal | Bistrot des Halles | Pizzeria Nonna
      | Le Jardin Sucré
    `),
    offers: words(`
      le dessert offert | -20 % sur l’addition | un café gourmand offert
      | -15 % le midi en semaine | l’apéritif offert | un menu enfant offert
    `),
  },
  {
    category: 'Sorties et loisirs',
    shops: words(`
      Escape Mystère | Ciné Lumière | Grimpe Club | Atelier Céramique Terre | Karting du Lac
      | Bowling Étoile
    `),
    offers: words(`
      une place offerte pour une achetée | -30 % le dimanche | une séance d’essai offerte
      | -20 % pour deux | une partie offerte | -15 % sur les cartes cadeaux
    `),
  },
  {
    category: 'Maison et déco',
    shops: words(`
      Rotin et Lin | Terre de Sienne | La Brocante Moderne | Bougies Lueur | Coin Vert
      | Papier Plume
    `),
    offers: words(`
      -20 % sur les luminaires | la livraison offerte | -15 % sur le linge de maison
      | une bougie offerte | -25 % sur les plantes | -10 % sur tout le site
    `),
  },
  {
    category: 'Sport',
    shops: words(`Foulée Libre | Vélo Rétro | Studio Souffle | Piscine Océane | Salle Ardente | Rando Sac`),
    offers: words(`
      un mois offert | -20 % sur les chaussures | un cours d’essai gratuit | -15 % sur les vélos
      | l’inscription offerte | -25 % sur les accessoires
    `),
  },
];

/** Words on the discount images. */
export const DISCOUNT_WORDS = words(`
  Soldes | Promo | Offert | Bon plan | Exclusif | Réduction | Cadeau | Privilège | Vente flash
  | Nouveau | Code promo | Dernière chance
`);

export const DISCOUNT_COLOURS: readonly (readonly [string, string])[] = [
  ['#ef476f', '#ffd166'],
  ['#06d6a0', '#118ab2'],
  ['#073b4c', '#ef476f'],
  ['#ffbe0b', '#fb5607'],
];
