"""Contact messages: model, validation, storage, rate limit, delivery and the operators' CLI.

The contact form's state (`agency_site.state.contact_form`) stays thin and calls `receive`.
"""

from agency_site.leads.model import MAX_LENGTHS, ContactMessage, MessageStatus
from agency_site.leads.service import Failure, Inbox, Outcome, default_inbox, receive, retry_deliveries
from agency_site.leads.validation import Problem

__all__ = [
    "MAX_LENGTHS",
    "ContactMessage",
    "Failure",
    "Inbox",
    "MessageStatus",
    "Outcome",
    "Problem",
    "default_inbox",
    "receive",
    "retry_deliveries",
]
