package io.payonce.server.channel;

import java.security.KeyPair;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * RSA-2048 key pairs for the merchants a server registers with a sandbox, never for a real channel
 * (an operator's keys come from the channel's console or the {@code keys} command).
 *
 * <p>Generating one costs about 0.2 s of CPU, and over 1 s in a JVM that compiles with C1 only (the
 * test JVMs), while a test run registers a sandbox merchant for nearly every app account it makes:
 * the process's first {@value #POOL} pairs are generated, then handed out again in turn. Any
 * {@value #POOL} merchants registered one after the other still hold keys of their own, so a
 * request signed with another merchant's key is still refused by the sandbox; what is given up is
 * secrecy between the sandbox merchants of one process, which guard no money.
 */
public final class SandboxKeyPairs {

  static final int POOL = 8;

  private static final SandboxKeyPairs PROCESS = new SandboxKeyPairs(POOL, RsaKeyMaterial::rsa2048);

  private final KeyPair[] pairs;
  private final Supplier<KeyPair> generator;
  private final AtomicLong taken = new AtomicLong();

  SandboxKeyPairs(int size, Supplier<KeyPair> generator) {
    this.pairs = new KeyPair[size];
    this.generator = generator;
  }

  /** The process's next sandbox merchant pair, in turn. */
  public static KeyPair next() {
    return PROCESS.take();
  }

  /** The next pair in turn, generated at its first use. */
  KeyPair take() {
    int slot = (int) (taken.getAndIncrement() % pairs.length);
    synchronized (pairs) {
      if (pairs[slot] == null) {
        pairs[slot] = generator.get();
      }
      return pairs[slot];
    }
  }
}
