package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

/**
 * Why the bookstore refuses a request: a malformed or missing parameter (400), a wrong password
 * (403), or an id that names nothing (404). Thrown while a page is prepared and turned into a
 * short plain-text reply by {@link TpcwSite}; it carries no stack trace, since it is an answer,
 * not a fault.
 */
final class Rejection extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;

  private Rejection(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  static Rejection badRequest(String message) {
    return new Rejection(400, message);
  }

  static Rejection forbidden(String message) {
    return new Rejection(403, message);
  }

  static Rejection notFound(String message) {
    return new Rejection(404, message);
  }

  int status() {
    return status;
  }

  PageReply reply() {
    return PageReply.text(status, getMessage() + "\n");
  }
}
