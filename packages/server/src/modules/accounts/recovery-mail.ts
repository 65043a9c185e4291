import type { Language } from '@portal/shared';
import type { MailMessage } from '../../mail/mailer.js';

// Mail goes out in the account's language, or the requester's when there is no account.
const TEXTS: Record<Language, { subject: string; link: (name: string, link: string, minutes: number) => string; none: string }> = {
  pt: {
    subject: 'Recuperação de senha - Portal de Pesagem',
    link: (name, link, minutes) =>
      `Olá ${name},\n\nRecebemos um pedido para redefinir a sua senha. Abra o link abaixo para escolher uma nova senha:\n\n${link}\n\nO link vale por ${minutes} minutos e só pode ser usado uma vez. Se não foi você, ignore esta mensagem: a sua senha continua a mesma.\n`,
    none: 'Recebemos um pedido de recuperação de senha para este e-mail, mas não há conta cadastrada com ele. Se não foi você, ignore esta mensagem.\n',
  },
  en: {
    subject: 'Password recovery - Weighing Portal',
    link: (name, link, minutes) =>
      `Hello ${name},\n\nWe received a request to reset your password. Open the link below to choose a new password:\n\n${link}\n\nThe link is valid for ${minutes} minutes and can be used once. If it was not you, ignore this message: your password stays the same.\n`,
    none: 'We received a password recovery request for this e-mail, but no account is registered with it. If it was not you, ignore this message.\n',
  },
  es: {
    subject: 'Recuperación de contraseña - Portal de Pesaje',
    link: (name, link, minutes) =>
      `Hola ${name},\n\nRecibimos una solicitud para restablecer su contraseña. Abra el enlace a continuación para elegir una nueva contraseña:\n\n${link}\n\nEl enlace es válido por ${minutes} minutos y solo se puede usar una vez. Si no fue usted, ignore este mensaje: su contraseña sigue siendo la misma.\n`,
    none: 'Recibimos una solicitud de recuperación de contraseña para este correo, pero no hay ninguna cuenta registrada con él. Si no fue usted, ignore este mensaje.\n',
  },
};

export function recoveryLinkMail(to: string, name: string, link: string, minutes: number, language: Language): MailMessage {
  const texts = TEXTS[language];
  return { to, subject: texts.subject, text: texts.link(name, link, minutes) };
}

export function noAccountMail(to: string, language: Language): MailMessage {
  const texts = TEXTS[language];
  return { to, subject: texts.subject, text: texts.none };
}
