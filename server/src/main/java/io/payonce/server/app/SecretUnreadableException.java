package io.payonce.server.app;

/**
 * A stored secret or key does not open under the master key (the key changed, or the row was
 * altered): a fault of the deployment, not of the request. The message names whose secret, never
 * its value.
 */
public class SecretUnreadableException extends RuntimeException {

  public SecretUnreadableException(String owner) {
    super("secret of " + owner + " does not decrypt under the master key");
  }
}
