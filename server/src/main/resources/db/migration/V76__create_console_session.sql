-- The console's signed-in sessions (Spring Session JDBC's schema under another name, in upper case:
-- Spring Session appends "_ATTRIBUTES" to it, and MariaDB on Linux matches table names by case), so
-- that every instance serves an operator signed in on any other, and signing out or expiring ends
-- the session everywhere. The merchant API and the cashier keep no session; only /ops writes here.
CREATE TABLE CONSOLE_SESSION (
  PRIMARY_ID            CHAR(36)      NOT NULL,
  SESSION_ID            CHAR(36)      NOT NULL,
  CREATION_TIME         BIGINT        NOT NULL,
  LAST_ACCESS_TIME      BIGINT        NOT NULL,
  MAX_INACTIVE_INTERVAL INT           NOT NULL,
  EXPIRY_TIME           BIGINT        NOT NULL,
  PRINCIPAL_NAME        VARCHAR(100),
  CONSTRAINT console_session_pk PRIMARY KEY (PRIMARY_ID)
)${table_options};

CREATE UNIQUE INDEX console_session_ix1 ON CONSOLE_SESSION (SESSION_ID);
CREATE INDEX console_session_ix2 ON CONSOLE_SESSION (EXPIRY_TIME);
CREATE INDEX console_session_ix3 ON CONSOLE_SESSION (PRINCIPAL_NAME);

CREATE TABLE CONSOLE_SESSION_ATTRIBUTES (
  SESSION_PRIMARY_ID    CHAR(36)      NOT NULL,
  ATTRIBUTE_NAME        VARCHAR(200)  NOT NULL,
  ATTRIBUTE_BYTES       ${bytes}      NOT NULL,
  CONSTRAINT CONSOLE_SESSION_ATTRIBUTES_pk PRIMARY KEY (SESSION_PRIMARY_ID, ATTRIBUTE_NAME),
  CONSTRAINT CONSOLE_SESSION_ATTRIBUTES_fk FOREIGN KEY (SESSION_PRIMARY_ID)
    REFERENCES CONSOLE_SESSION (PRIMARY_ID) ON DELETE CASCADE
)${table_options};
