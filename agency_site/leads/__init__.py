"""Contact messages: model, validation, storage, rate limit, delivery and the operators' CLI.

The contact form's state (`agency_site.state.contact_form`) stays thin and calls `receive`.
"""

from agency_site.leads.model import MAX_LENGTHS, ContactMessage, MessageStatus
from agency_site.leads.service import Inbox, Outcome, default_inbox, receive, retry_deliveries

__all__ = [
    "MAX_LENGTHS",
    "ContactMessage",
    "Inbox",
    "MessageStatus",
    "Outcome",
    "default_inbox",
    "receive",
    "retry_deliveries",
]
