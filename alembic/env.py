"""Alembic environment: the connection `agency_site.leads.database.migrate` hands over
(`make migrate`, the tests), or DATABASE_URL's database for `alembic upgrade head` by hand.
"""

from alembic import context

# The desk's tables share the leads metadata; importing the module registers them.
import agency_site.desk.model  # noqa: F401
from agency_site.leads.database import engine_for, include_object
from agency_site.leads.model import ContactMessage
from agency_site.settings import get_settings

target_metadata = ContactMessage.metadata


def run_migrations_online() -> None:
    """Run the migrations on a given connection, or on DATABASE_URL's database."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        context.configure(
            connection=connection, target_metadata=target_metadata, include_object=include_object
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    with engine_for(get_settings().database_url).connect() as connection:
        context.configure(
            connection=connection, target_metadata=target_metadata, include_object=include_object
        )
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("Offline (--sql) migrations are not supported; connect to the database.")
run_migrations_online()
