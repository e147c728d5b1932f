package io.crosscheck.rubis.server;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Maps a request target to a {@link RubisRoute}. PHP space: {@code <php_script_path>/<Script>.php}
 * and {@code <php_html_path>/<page>.html}; Servlets space: {@code
 * <servlets_script_path>/edu.rice.rubis.servlets.<Script>} (any prefix ending in {@code /} is
 * accepted, so {@code /servlet/edu.rice.rubis.servlets.ViewItem} works too) and {@code
 * <servlets_html_path>/<page>.html}; images {@code <html_path>/<name>.jpg} in either space.
 * {@code BrowseCategories} is BrowseCategoriesInRegion with a {@code region} parameter and
 * SelectCategoryToSellItem with a {@code nickname}. Query strings are decoded (UTF-8, {@code +}
 * as space; {@code ;} is an ordinary character, as in the client's unencoded text). Immutable,
 * thread-safe.
 */
final class RubisRouter {
  private static final int MAX_PARAMS = 64;

  private final UrlSpace php;
  private final UrlSpace servlets;
  private final Images images;
  private final Map<String, RubisInteraction> scripts = new HashMap<>();
  private final Map<String, RubisInteraction> pages = new HashMap<>();

  RubisRouter(UrlSpace php, UrlSpace servlets, Images images) {
    this.php = php;
    this.servlets = servlets;
    this.images = images;
    for (RubisInteraction i : RubisInteraction.values()) {
      if (i.ordinal() >= RubisInteraction.CLIENT_INTERACTIONS) {
        continue;
      }
      (i.isStaticPage() ? pages : scripts).putIfAbsent(i.script(), i);
    }
  }

  /** The route of {@code uri} (origin form, or absolute form whose path is used). */
  RubisRoute route(String uri) {
    QueryStringDecoder decoder = new QueryStringDecoder(uri, StandardCharsets.UTF_8, true, MAX_PARAMS, true);
    String path = decoder.path();
    if (path.startsWith("http://") || path.startsWith("https://")) {
      int slash = path.indexOf('/', path.indexOf("//") + 2);
      path = slash < 0 ? "/" : path.substring(slash);
    }
    Params params = new Params(decoder.parameters());
    int cut = path.lastIndexOf('/');
    String dir = cut <= 0 ? "" : path.substring(0, cut);
    String file = path.substring(cut + 1);
    if (file.startsWith(UrlSpace.SERVLET_PACKAGE)) {
      return script(file.substring(UrlSpace.SERVLET_PACKAGE.length()), servlets, params);
    }
    if (file.endsWith(".php") && dir.equals(php.scriptPath())) {
      return script(file.substring(0, file.length() - ".php".length()), php, params);
    }
    UrlSpace space = dir.equals(php.htmlPath()) ? php : dir.equals(servlets.htmlPath()) ? servlets : null;
    if (space != null && pages.containsKey(file)) {
      return new RubisRoute(pages.get(file), space, params, null);
    }
    if (space != null && images.has(file)) {
      return new RubisRoute(RubisInteraction.IMAGE, space, params, file);
    }
    return notFound(params);
  }

  private RubisRoute script(String name, UrlSpace space, Params params) {
    RubisInteraction interaction = scripts.get(name);
    if (interaction == null) {
      return notFound(params);
    }
    if (interaction == RubisInteraction.BROWSE_CATEGORIES) {
      if (params.has("region")) {
        interaction = RubisInteraction.BROWSE_CATEGORIES_IN_REGION;
      } else if (params.has("nickname")) {
        interaction = RubisInteraction.SELECT_CATEGORY_TO_SELL_ITEM;
      }
    }
    return new RubisRoute(interaction, space, params, null);
  }

  private RubisRoute notFound(Params params) {
    return new RubisRoute(RubisInteraction.NOT_FOUND, php, params, null);
  }
}
