/**
 * The spec's message catalogue (section 8 and the validation rules of section 5), verbatim.
 * Texts that the spec does not fix are ours, in French and informal (tu).
 */
export const MESSAGES = {
  loginFailed: 'Invalid email or password.',
  userDataNotFound: 'User data not found.',
  notACreator: 'Cette plateforme est reservee aux createurs de contenu.',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessaie dans quelques minutes.',
  sessionExpired: 'Ta session a expiré. Reconnecte-toi.',
  signInRequired: 'Connecte-toi pour continuer.',
  forbidden: 'Tu n’as pas le droit de faire ça.',
  notFound: 'Ce que tu cherches n’existe pas (ou plus).',
  invalidInput: 'Certains champs ne sont pas valides.',
  crossOrigin: 'Requête refusée : elle ne vient pas de Coulisses.',
  serverError: 'Une erreur inattendue est survenue. Réessaie dans un instant.',
  shuttingDown: 'Le serveur redémarre. Réessaie dans un instant.',
  serviceUnavailable:
    'Les données sont momentanément inaccessibles. Rien n’a été modifié : réessaie dans un instant.',
  serverBusy: 'Le serveur est très sollicité. Rien n’a été modifié : réessaie dans un instant.',
  changedMeanwhile: 'Quelque chose a changé entre-temps. Recharge la page et réessaie.',
  editedMeanwhile:
    'Quelqu’un a modifié cette fiche pendant que tu l’éditais. Recharge-la pour partir de sa dernière version : tes changements n’ont pas été enregistrés.',
  unsavedChanges: 'Tu as des changements non enregistrés. Tu veux vraiment quitter cette page ?',

  passwordTooShort: 'Ton mot de passe doit faire au moins 8 caractères.',
  passwordTooLong: 'Ton mot de passe doit faire au plus 128 caractères.',
  currentPasswordRequired: 'Tape ton mot de passe actuel.',
  currentPasswordWrong: 'Ce n’est pas ton mot de passe actuel.',
  passwordsDiffer: 'Les deux nouveaux mots de passe ne sont pas identiques.',
  passwordConfirmationRequired: 'Tape ton nouveau mot de passe une seconde fois.',
  passwordUnchanged: 'Ton nouveau mot de passe est le même que l’actuel : choisis-en un autre.',
  passwordChanged: 'Mot de passe changé ! Tes autres appareils sont déconnectés.',
  payloadTooLarge: 'Le fichier ou la requête est trop volumineux.',
  unsupportedMediaType: 'Ce type de contenu n’est pas accepté.',

  categoryNameEmpty: 'Category name cannot be empty.',
  categoryNameTaken: 'Cette catégorie existe déjà.',
  categoryDeleteConfirm: "T'es sûr que tu veux la virer ?",
  videoCategoryInUse: 'Tu peux pas ! Y a des vidéos dans cette catégorie.',
  discountCategoryInUse: 'Tu peux pas ! Y a des discounts dans cette catégorie.',

  videoDeleted: 'Vidéo supprimée avec succès !',
  videoDeleteFailed: 'Une erreur est survenue lors de la suppression de la vidéo.',
  videoDeleteFailedAdmin: 'An error occurred while deleting the video. Please try again.',
  videoDeleteConfirm: 'Tu es sûr de vouloir supprimer cette vidéo ?',
  videoAdded: 'Video added successfully!',
  videoSaved: 'Vidéo enregistrée !',
  videoAddFailed: 'An error occurred while adding the video. Please try again.',
  videoFieldsMissing: 'Please fill in all fields, select at least one category, and upload both images.',
  invalidYoutubeUrl: 'Please enter a valid YouTube URL.',
  featuredAdded: 'Video added to featured videos.',
  featuredRemoved: 'Video removed from featured videos.',
  featuredFailed: 'An error occurred while updating the featured video. Please try again.',
  featuredGone: 'Cette vidéo n’est plus à la une : voici la liste à jour.',
  featuredMoveFailed: 'La vidéo n’a pas pu être déplacée. Réessaie.',
  accessDenied: 'Access denied',
  pageNotLiveForVideos:
    'Publie d’abord ta page pour pouvoir ajouter des vidéos. Ça se passe dans les réglages de ta page.',

  discountAdded: 'Discount added successfully!',
  discountSaved: 'Discount enregistré !',
  discountDeleteFailed: 'Failed to delete discount or associated image.',
  discountDeleteConfirm: 'Tu es sûr de vouloir supprimer ce discount ?',
  discountFieldsMissing: 'Please fill in all fields, select at least one category, and upload an image.',
  invalidHttpLink: 'Le lien doit commencer par http:// ou https://.',
  endBeforeStart: 'La date de fin doit être après la date de début.',

  noAccess: "Vous n'avez pas accès à cette page.",

  emailRequired: "L'email est requis.",
  userNotFound: 'Utilisateur introuvable.',
  alreadyCreator: 'Cet utilisateur est déjà créateur.',
  creatorStatusFailed: 'Échec de la mise à jour du statut du créateur.',
  creatorSuspended: 'Créateur suspendu avec succès !',
  creatorReactivated: 'Créateur réactivé avec succès !',
  accountSuspended: 'Votre compte a été suspendu.',

  publishFieldsMissing: 'Veuillez remplir les champs requis (Titre, Images, Vidéo) avant de publier.',
  publishFailed: 'Échec de la mise à jour du statut de publication.',
  pagePublished: 'Page publiée avec succès !',
  pageUnpublished: 'Page dépubliée avec succès !',
  pageSaved: 'Paramètres de la page enregistrés avec succès !',
  livePageTextsRequired:
    'Ta page est en ligne : son titre et sa vidéo à la une ne peuvent pas rester vides. Dépublie-la d’abord si tu veux les vider.',
  livePageTextRequired: 'Requis tant que ta page est en ligne.',
  pageSaveFailed: "Échec de l'enregistrement des paramètres de la page.",

  imageInvalid: 'Ce fichier n’est pas une image lisible (JPEG, PNG, WebP ou HEIC).',
  imageTooLarge: 'L’image dépasse 15 Mo.',
  imageTooManyPixels: 'L’image est trop grande (plus de 50 mégapixels).',

  termsNotAccepted: 'Tu dois accepter les conditions générales d’utilisation pour t’inscrire.',
  emailTaken: 'Un compte existe déjà avec cet e-mail.',
  diskFull:
    'Le serveur n’a plus de place pour enregistrer les fichiers. Rien n’a été enregistré : réessaie plus tard.',
  countingTooFast: 'Trop de requêtes. Réessaie dans un instant.',
  alreadySubmitted: 'Ce formulaire a déjà été envoyé : rien de plus n’a été ajouté.',
  uploadsPerUser:
    'Tu as déjà des images en cours d’envoi : attends qu’elles soient enregistrées, puis réessaie.',
  uploadsBusy: 'Le serveur reçoit beaucoup d’images en ce moment. Réessaie dans quelques secondes.',

  invalidDate: 'Cette date n’existe pas (format attendu : JJ/MM/AAAA).',
  fieldRequired: 'Ce champ est obligatoire.',
  categoryRequired: 'Choisis au moins une catégorie.',
  imageRequired: 'Ajoute une image.',

  facebookLinkInvalid: 'Le lien Facebook doit être une adresse web commençant par http:// ou https://.',
  instagramLinkInvalid: 'Le lien Instagram doit être une adresse web commençant par http:// ou https://.',
  youtubeLinkInvalid: 'Le lien YouTube doit être une adresse web commençant par http:// ou https://.',
  tiktokLinkInvalid: 'Le lien TikTok doit être une adresse web commençant par http:// ou https://.',
  linkedinLinkInvalid: 'Le lien LinkedIn doit être une adresse web commençant par http:// ou https://.',
  homeVideoLinkInvalid: 'La vidéo à la une doit être un lien YouTube (youtube.com/watch?v=… ou youtu.be/…).',
  pageTitleTooLong: 'Le titre ne doit pas dépasser 200 caractères.',
  bioTooLong: 'La biographie ne doit pas dépasser 5 000 caractères.',
  scriptCodeTooLong: 'Le code du script ne doit pas dépasser 10 240 caractères.',
  assistantScriptNotServed: 'L’app ne reçoit pas ce script enregistré tant qu’il n’est pas corrigé.',
  creatorAdded: 'Créateur ajouté avec succès !',
  cannotSuspendSelf: 'Tu ne peux pas te suspendre toi-même.',
  creatorSuspendConfirm: 'Tu es sûr de vouloir suspendre ce créateur ? Ses vidéos disparaîtront de l’app.',
  creatorReactivateConfirm:
    'Tu es sûr de vouloir réactiver ce créateur ? Ses vidéos reviendront dans l’app si sa page est publiée.',
  pageDataInvalid: 'Les paramètres de la page envoyés sont illisibles.',

  commentEmpty: 'Ton commentaire est vide.',
  commentTooLong: 'Ton commentaire dépasse 1 000 caractères.',
  commentingTooFast: 'Tu commentes trop vite : réessaie dans un moment.',
  commentVideoNotFound: 'Cette vidéo n’existe pas ou n’est plus visible.',
  commentsMuted: 'Tu ne peux plus commenter pour le moment.',
  commentNotFound: 'Ce commentaire n’existe pas ou n’est plus visible.',
  commentAlreadyReported: 'Tu as déjà signalé ce commentaire.',
  commentNotYours: 'Ce commentaire n’est pas le tien.',
  commentNotOnYourVideo: 'Ce commentaire n’est pas sur une de tes vidéos.',
  reportReasonInvalid: 'Choisis une raison : spam, insulte, hors sujet ou autre.',

  unexpectedApplicationError: 'Unexpected Application Error!',
  chunkLoadFailed: 'Le chargement de la page a échoué. Vérifie ta connexion et recharge.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
