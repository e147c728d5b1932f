package io.crosscheck.rubis.server;

/**
 * One of the two URL spaces of the RUBiS client ({@code httpd_use_version}): where the static
 * pages and images live ({@code htmlPath}) and how a script's URL is formed from {@code
 * scriptPath}. Defaults come from the shipped property examples: PHP {@code /PHP} and {@code
 * /PHP/<Script>.php}; Servlets {@code /rubis_servlets} and {@code
 * /rubis_servlets/servlet/edu.rice.rubis.servlets.<Script>}. Immutable.
 *
 * @param php true for the PHP space, false for the Servlets space
 * @param htmlPath path prefix of static pages and images, without a trailing slash
 * @param scriptPath path prefix of scripts, without a trailing slash
 */
public record UrlSpace(boolean php, String htmlPath, String scriptPath) {
  /** The package prefix of a servlet's name in a Servlets URL. */
  public static final String SERVLET_PACKAGE = "edu.rice.rubis.servlets.";

  /** {@code php_html_path = /PHP}, {@code php_script_path = /PHP}. */
  public static final UrlSpace PHP = new UrlSpace(true, "/PHP", "/PHP");

  /** {@code servlets_html_path = /rubis_servlets}, {@code servlets_script_path = /rubis_servlets/servlet}. */
  public static final UrlSpace SERVLETS = new UrlSpace(false, "/rubis_servlets", "/rubis_servlets/servlet");

  /** Validates both paths (absolute, no trailing slash). */
  public UrlSpace {
    requirePath("htmlPath", htmlPath);
    requirePath("scriptPath", scriptPath);
  }

  /** The path of {@code script}, e.g. {@code /PHP/ViewItem.php}. */
  public String script(String script) {
    return php ? scriptPath + "/" + script + ".php" : scriptPath + "/" + SERVLET_PACKAGE + script;
  }

  /** The path of a static page or image, e.g. {@code /PHP/bid_now.jpg}. */
  public String html(String file) {
    return htmlPath + "/" + file;
  }

  /** {@code PHP} or {@code Servlets}, as {@code httpd_use_version} spells it. */
  public String versionName() {
    return php ? "PHP" : "Servlets";
  }

  private static void requirePath(String name, String path) {
    if (path == null || !path.startsWith("/") || (path.length() > 1 && path.endsWith("/"))) {
      throw new IllegalArgumentException(
          name + ": \"" + path + "\": expected an absolute path without a trailing slash, such as /PHP");
    }
    if (path.length() == 1) {
      throw new IllegalArgumentException(name + ": \"/\": expected a non-root prefix, such as /PHP");
    }
  }
}
