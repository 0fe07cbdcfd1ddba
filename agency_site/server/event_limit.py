"""The size of the largest legal event a browser sends, for the websocket's limits.

The contact form's submit event is the largest thing a page sends: its fields at their
longest (MAX_LENGTHS), each character written the longest way JSON can write it (a control
character becomes `\\u0001`, six bytes), inside the event's envelope. Reflex's socket.io
server closes a websocket whose frame is longer (`REFLEX_SOCKET_MAX_HTTP_BUFFER_SIZE`, set
in rxconfig.py; Reflex's default is 1,000,000), and nginx refuses a longer request body on
/_event (deploy/render_nginx.py).
"""

from __future__ import annotations

from agency_site.leads.model import MAX_LENGTHS, SUBMISSION_KEY_MAX

# The most bytes (and characters) JSON needs for one character of a field.
JSON_ESCAPE_WORST = 6
# Everything around the fields' text: socket.io's framing, the event and state names, the
# form's other inputs (language, page, honeypot, the submission key) and the router data,
# whose page address may carry a query string as long as nginx's 8 KiB request line.
ENVELOPE_ALLOWANCE = 8 * 1024 + JSON_ESCAPE_WORST * (SUBMISSION_KEY_MAX + 300) + 4 * 1024

EVENT_MESSAGE_MAX = JSON_ESCAPE_WORST * sum(MAX_LENGTHS.values()) + ENVELOPE_ALLOWANCE

# The contact form posted without JavaScript (server/contact_post.py): its fields
# percent-encoded, up to 12 bytes per character (four UTF-8 bytes as %XX each). A visitor
# may paste far more than MAX_LENGTHS allows (the form has no maxlength): such a post is
# still read, answered with the fields' messages and given back whole, up to this size;
# nginx (client_max_body_size) and the endpoint refuse a larger body.
FORM_BODY_MAX = 1024 * 1024
assert FORM_BODY_MAX > 12 * (sum(MAX_LENGTHS.values()) + SUBMISSION_KEY_MAX + 300) + 4 * 1024
