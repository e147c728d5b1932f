package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

/**
 * The replies shared by every group of pages. Two markers matter to the RUBiS client: a page
 * containing {@code Sorry} sends the emulated user back one page (RUBiS's answer to an empty
 * category, an unknown item or user, a wrong password), and a 200 page containing {@code ERROR}
 * counts as an error and resets the session, so only a request the server cannot process at all
 * (a missing or unparsable required parameter) gets it. Stateless.
 */
final class Pages {
  private Pages() {}

  /** RUBiS's polite refusal; the client goes back one page. */
  static PageReply sorry(UrlSpace space, String message) {
    return new Html(space, "Sorry").raw("<h3>").text(message).raw("</h3>\n").finish();
  }

  /** The refusal for an unknown nickname or a wrong password. */
  static PageReply badLogin(UrlSpace space) {
    return sorry(space, "Sorry, but you don't have an account on RUBiS or your password is wrong."
        + " You have to register first.");
  }

  /** A request the server cannot process (missing or unparsable parameter): a real error. */
  static PageReply error(UrlSpace space, String message) {
    return new Html(space, "Error")
        .raw("<h2>We cannot process your request due to the following error :</h2>\n<h3>ERROR: ")
        .text(message).raw("</h3>\n").finish();
  }
}
