package io.crosscheck.model;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** The SHA-256 the schedule digest and the recorded sources' {@code toString} stream their values into. */
public final class Digests {
  private Digests() {}

  /** A fresh SHA-256 digest (every JVM has one). */
  public static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
