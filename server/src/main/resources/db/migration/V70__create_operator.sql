-- The console's operators: who may sign in at /ops and with which role (VIEWER, OPERATOR, ADMIN).
-- Only the password's hash is kept, in Spring Security's {id}encoded form (bcrypt by default). The
-- bootstrap admin of payonce.ops.* is not stored here: it lives in the configuration.
CREATE TABLE operator (
  id             ${id_column},
  username       VARCHAR(64)   NOT NULL,
  password_hash  VARCHAR(255)  NOT NULL,
  role           VARCHAR(16)   NOT NULL,
  status         VARCHAR(16)   NOT NULL,
  created_at     ${timestamp}  NOT NULL,
  updated_at     ${timestamp}  NOT NULL,
  CONSTRAINT uk_operator_username UNIQUE (username)
)${table_options};
