package io.crosscheck.model;

/**
 * What a scripted session sees of the reply to its previous request, to choose the next one.
 *
 * @param status HTTP status, 0 when no reply came
 * @param complete true when the reply was read to its end
 * @param body the reply body decoded as ISO-8859-1 (byte for byte), empty when the script did not
 *     ask for bodies or none came
 */
public record Reply(int status, boolean complete, String body) {
  /** No reply at all (a connect error, a timeout, a reset before any byte). */
  public static Reply none() {
    return new Reply(0, false, "");
  }
}
