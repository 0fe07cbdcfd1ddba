"""The sign-in link by email, in the language the member of staff asked in, through the
site's SMTP server (SMTP_URL, the same code as the team's lead notifications)."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage

from agency_site.i18n import t
from agency_site.leads.email_channel import SmtpServer, send_mail
from agency_site.settings import Settings


def sender(settings: Settings) -> str | None:
    """Who the sign-in mails come from: DESK_MAIL_FROM, else the lead notifications' sender."""
    return settings.desk.mail_from or settings.leads.notify_from or settings.leads.notify_email


def sign_in_mail(
    to: str, link: str, lang: str, minutes: float, sender: str, *, utf8: bool = False
) -> EmailMessage:
    """The email holding a sign-in link, in `lang`."""
    email = EmailMessage(policy=policy.SMTPUTF8 if utf8 else policy.default)
    email["Subject"] = t(lang, "desk-mail-subject")
    email["From"] = sender
    email["To"] = to
    email["Auto-Submitted"] = "auto-generated"
    email.set_content(t(lang, "desk-mail-body", minutes=round(minutes), link=link) + "\n")
    return email


def send_sign_in_mail(settings: Settings, to: str, link: str, lang: str) -> None:
    """Send the link (blocking: call it in a thread). Raises smtplib's errors or OSError,
    and RuntimeError when SMTP_URL or a sender is not set."""
    from_address = sender(settings)
    if not settings.leads.smtp_url or not from_address:
        raise RuntimeError("sign-in links need SMTP_URL and DESK_MAIL_FROM (or CONTACT_NOTIFY_EMAIL)")
    minutes = settings.desk.link_minutes
    send_mail(
        SmtpServer.from_url(settings.leads.smtp_url),
        settings.leads.smtp_timeout_s,
        from_address,
        to,
        lambda utf8: sign_in_mail(to, link, lang, minutes, from_address, utf8=utf8),
    )
