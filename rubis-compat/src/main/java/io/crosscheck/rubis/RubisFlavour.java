package io.crosscheck.rubis;

/**
 * Which RUBiS server implementation the client addresses ({@code httpd_use_version}); it decides
 * the script names in URLs.
 *
 * <ul>
 *   <li>PHP: {@code <php_script_path>/<Script>.php};
 *   <li>Servlets: {@code <servlets_script_path>/edu.rice.rubis.servlets.<Script>};
 *   <li>EJB: {@code <ejb_script_path>/edu.rice.rubis.beans.servlets.<Script>}.
 * </ul>
 *
 * HTML pages are {@code <html_path>/<page>.html} in every flavour.
 */
public enum RubisFlavour {
  PHP("PHP", "php", "", ".php"),
  SERVLETS("Servlets", "servlets", "edu.rice.rubis.servlets.", ""),
  EJB("EJB", "ejb", "edu.rice.rubis.beans.servlets.", "");

  private final String propertyValue;
  private final String keyPrefix;
  private final String scriptPrefix;
  private final String scriptSuffix;

  RubisFlavour(String propertyValue, String keyPrefix, String scriptPrefix, String scriptSuffix) {
    this.propertyValue = propertyValue;
    this.keyPrefix = keyPrefix;
    this.scriptPrefix = scriptPrefix;
    this.scriptSuffix = scriptSuffix;
  }

  /** The flavour for an {@code httpd_use_version} value (case-sensitive), or null. */
  public static RubisFlavour fromProperty(String value) {
    for (RubisFlavour f : values()) {
      if (f.propertyValue.equals(value)) {
        return f;
      }
    }
    return null;
  }

  /** The {@code httpd_use_version} value: PHP, Servlets or EJB. */
  public String propertyValue() {
    return propertyValue;
  }

  /** The prefix of this flavour's path keys: {@code php}, {@code servlets}, {@code ejb}. */
  public String keyPrefix() {
    return keyPrefix;
  }

  /** The last path segment of a script, e.g. {@code ViewItem.php}. */
  public String script(String name) {
    return scriptPrefix + name + scriptSuffix;
  }

  /** The script name inside a last path segment, or null when it is not one of this flavour's. */
  public String scriptName(String segment) {
    if (!segment.startsWith(scriptPrefix) || !segment.endsWith(scriptSuffix)
        || segment.length() <= scriptPrefix.length() + scriptSuffix.length()) {
      return null;
    }
    return segment.substring(scriptPrefix.length(), segment.length() - scriptSuffix.length());
  }
}
