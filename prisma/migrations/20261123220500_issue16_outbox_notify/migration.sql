-- Wake-ups for webhook dispatchers in other processes (issue 16, throughput): every statement that
-- inserts outbox events notifies the channel `outbox_events` when its transaction commits (NOTIFY
-- is transactional, and identical notifications of one transaction are delivered once). A
-- dispatcher LISTENs on a dedicated connection and keeps polling as a safety net.
-- Not expressible in schema.prisma; written by hand.
CREATE FUNCTION outbox_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_events', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER outbox_events_notify
  AFTER INSERT ON outbox_events
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_notify();
