package io.crosscheck.tpcw;

import io.crosscheck.tpcw.TpcwScanner.Death;
import java.util.List;
import java.util.StringTokenizer;

/**
 * What one RBE emulated browser knows within a user session (EB.java's cid, sessionID, shopID,
 * fname, lname, prevHTML) and how it builds each interaction's URL and reads each page, as the
 * RBE's {@code EBW*Trans} classes do. Not thread-safe (one session).
 *
 * <p>A request is built from the page just received; {@code ""} means the RBE's transition gave up
 * with an error (the EB then starts a new user session with a second error). Where the RBE's
 * code throws, {@link Death} is thrown.
 */
final class TpcwBrowser {
  static final int UNKNOWN = -1;

  /** How the RBE moves between two states: its transition classes (EBTPCW1Factory.java:139-157). */
  enum Transition {
    /** EBWInitTrans: INIT to HOME; a new user session's Home page (C_ID 80 %, no ids). */
    INIT,
    /** The target state's own request (EBWHomeTrans, EBWNewProdTrans, ...). */
    PLAIN,
    /** EBWProdCURLTrans: PROD to PROD, an item from the page before the current product page. */
    CURL,
    /** EBWShopCartAddTrans: PROD to SHOP with ADD_FLAG=Y and the product's I_ID. */
    ADD,
    /** EBWShopCartRefTrans: SHOP to SHOP, the cart's quantities changed. */
    REFRESH;

    static Transition of(TpcwState from, TpcwState to) {
      if (from == TpcwState.INIT || to == TpcwState.INIT) {
        return INIT;
      }
      if (from == TpcwState.PROD && to == TpcwState.PROD) {
        return CURL;
      }
      if (from == TpcwState.PROD && to == TpcwState.SHOP) {
        return ADD;
      }
      if (from == TpcwState.SHOP && to == TpcwState.SHOP) {
        return REFRESH;
      }
      return PLAIN;
    }
  }

  /** Receives the RBE's errors (EBStats.error) with their message. */
  interface Errors {
    void error(String message);
  }

  private final TpcwRequestConfig config;
  private final TpcwRandom random;
  private final Errors errors;
  int cid = UNKNOWN;
  String sessionId;
  int shopId = UNKNOWN;
  String firstName;
  String lastName;
  String previousPage;

  TpcwBrowser(TpcwRequestConfig config, TpcwRandom random, Errors errors) {
    this.config = config;
    this.random = random;
    this.errors = errors;
  }

  private String url(TpcwState state) {
    return config.prefix() + state.servlet();
  }

  /**
   * The request for the move {@code from -> to}, built from {@code page} (the page just received,
   * null before the first); {@code ""} after an error.
   */
  String request(TpcwState from, TpcwState to, String page) throws Death {
    Transition t = Transition.of(from, to);
    return switch (t) {
      case INIT -> home();
      case CURL -> product(previousPage);
      case ADD -> add(page);
      case REFRESH -> refresh(page);
      case PLAIN -> plain(to, page);
    };
  }

  /** EBWInitTrans.request: 80 % a drawn C_ID; the session id is forgotten. */
  private String home() {
    sessionId = null;
    if (random.nextInt(10) < 8) {
      cid = random.nuRand(config.customerA(), 1, config.customers());
      return url(TpcwState.HOME) + "?C_ID=" + cid;
    }
    cid = UNKNOWN;
    return url(TpcwState.HOME);
  }

  private String plain(TpcwState to, String page) throws Death {
    switch (to) {
      case HOME:
      case SREQ:
      case ORDI:
      case CREG:
        return withIds(url(to));
      case NEWP:
      case BESS:
        random.nextInt(3); // EBWNewProdTrans draws a search type it never uses
        return withIds(url(to) + "?subject=" + random.subject());
      case SRES:
        return withIds(search());
      case PROD:
        previousPage = page;
        return product(page);
      case SHOP:
        return withIds(url(to) + "?ADD_FLAG=N");
      case BUYR:
        return withIds(buyRequest());
      case BUYC:
        return withIds(buyConfirm(page));
      case ORDD:
        if (cid == UNKNOWN) {
          cid = random.nuRand(config.customerA(), 1, config.customers());
        }
        return withIds(url(to) + "?" + TpcwRandom.unameAndPass(cid));
      case ADMR:
        return adminRequest(page);
      case ADMC:
        return adminConfirm(page);
      default:
        throw new IllegalArgumentException("no request for " + to);
    }
  }

  /** EBWSearchResultTrans: author, title or subject, one third each. */
  private String search() {
    String base = url(TpcwState.SRES);
    switch (random.nextInt(3)) {
      case 0:
        return base + "?search_type=author&search_string="
            + TpcwRandom.digSyl(random.nuRand(config.itemA(), 0, config.items() / 10), 7);
      case 1:
        return base + "?search_type=title&search_string="
            + TpcwRandom.digSyl(random.nuRand(config.itemA(), 0, config.items() / 5), 7);
      default:
        return base + "?search_type=subject&search_string=" + random.subject();
    }
  }

  /** EBWProdDetTrans: a uniformly chosen I_ID of the page's. */
  private String product(String page) throws Death {
    List<Integer> ids = TpcwScanner.productItemIds(page == null ? "" : page);
    if (ids.isEmpty()) {
      errors.error("Unable to find any items for product detail.");
      return "";
    }
    int id = ids.get(random.nextInt(ids.size()));
    return withIds(url(TpcwState.PROD) + "?I_ID=" + id);
  }

  /** EBWShopCartAddTrans: the digits right after the product page's first I_ID=. */
  private String add(String page) throws Death {
    int id = TpcwScanner.idAfter(page, "I_ID=");
    if (id < 0) {
      errors.error("Unable to find I_ID in product detail page.");
      return "";
    }
    return withIds(url(TpcwState.SHOP) + "?ADD_FLAG=Y&I_ID=" + id);
  }

  /**
   * EBWShopCartRefTrans: one line: 1..10; else 1..c random lines get 0..9 other than their old
   * quantity (a partial shuffle picks them), the rest 0. Sent as {@code qty=} per line in page
   * order.
   */
  private String refresh(String page) throws Death {
    int[] old = TpcwScanner.quantities(page);
    int c = old.length;
    if (c == 0) {
      errors.error("Unable to find QTY in shopping cart page.");
      return "";
    }
    int[] fresh = new int[c];
    if (c == 1) {
      fresh[0] = random.nextInt(10) + 1;
    } else {
      int r = random.nextInt(c) + 1;
      int[] idx = new int[c];
      for (int i = 0; i < c; i++) {
        idx[i] = i;
      }
      for (int i = 0; i < c - 1; i++) {
        int d = random.nextInt(c - i) + i;
        int a = idx[d];
        idx[d] = idx[i];
        idx[i] = a;
      }
      for (int i = 0; i < r; i++) {
        fresh[idx[i]] = random.nextInt(9);
        if (fresh[idx[i]] >= old[idx[i]]) {
          fresh[idx[i]]++;
        }
      }
    }
    StringBuilder url = new StringBuilder(url(TpcwState.SHOP)).append("?ADD_FLAG=N");
    for (int q : fresh) {
      url.append("&qty=").append(q);
    }
    return withIds(url.toString());
  }

  /** EBWBuyReqTrans: a returning customer's name and password, or a new customer's details. */
  private String buyRequest() {
    String base = url(TpcwState.BUYR);
    if (cid != UNKNOWN) {
      return base + "?RETURNING_FLAG=Y&" + TpcwRandom.unameAndPass(cid);
    }
    firstName = random.astring(8, 15);
    lastName = random.astring(8, 15);
    StringBuilder url = new StringBuilder(base).append("?RETURNING_FLAG=N")
        .append("&FNAME=").append(firstName)
        .append("&LNAME=").append(lastName)
        .append("&STREET_1=").append(random.astring(15, 40))
        .append("&STREET_2=").append(random.astring(15, 40))
        .append("&CITY=").append(random.astring(10, 30))
        .append("&STATE=").append(random.astring(2, 20))
        .append("&ZIP=").append(random.astring(5, 10))
        .append("&COUNTRY=").append(random.country())
        .append("&PHONE=").append(random.nstring(9, 16));
    url.append("&EMAIL=").append(random.astring(8, 15)).append("%40").append(random.astring(2, 9))
        .append(".com");
    url.append("&BIRTHDATE=").append(random.birthDate(config.datesEpochMillis(), config.zone()));
    url.append("&DATA=").append(random.astring(100, 500));
    return url.toString();
  }

  /** EBWBuyConfTrans: names from the buy-request page if not known, card, 5 % a new address. */
  private String buyConfirm(String page) {
    String first = findName(page, "Firstname:</TD><TD>", "First name");
    if (firstName == null) {
      firstName = first;
    }
    String last = findName(page, "Lastname: </TD><TD>", "Last name");
    if (lastName == null) {
      lastName = last;
    }
    if (cid == UNKNOWN) {
      errors.error("CID not known transitioning to buy confirm page.");
    }
    StringBuilder url = new StringBuilder(url(TpcwState.BUYC))
        .append("?CC_TYPE=").append(random.ccType())
        .append("&CC_NUMBER=").append(random.nstring(16, 16))
        .append("&CC_NAME=").append(firstName).append('+').append(lastName)
        .append("&CC_EXPIRY=").append(random.expiryDate(config.datesEpochMillis(), config.zone()));
    if (random.nextInt(100) < 5) {
      url.append("&STREET_1=").append(random.astring(15, 40))
          .append("&STREET_2=").append(random.astring(15, 40))
          .append("&CITY=").append(random.astring(4, 30))
          .append("&STATE=").append(random.astring(2, 20))
          .append("&ZIP=").append(random.astring(5, 10))
          .append("&COUNTRY=").append(random.country());
    } else {
      url.append("&STREET_1=&STREET_2=&CITY=&STATE=&ZIP=&COUNTRY=");
    }
    url.append("&SHIPPING=").append(random.shipping());
    return url.toString();
  }

  private String findName(String page, String tag, String what) {
    String name = TpcwScanner.name(page, tag);
    if (name == null) {
      errors.error("Unable to find " + what + " in HTML for buy request page.");
      return "";
    }
    return name;
  }

  /** EBWAdminReqTrans: the digits right after the product page's first I_ID=. */
  private String adminRequest(String page) throws Death {
    int id = TpcwScanner.idAfter(page, "I_ID=");
    if (id == TpcwScanner.NOT_FOUND) {
      errors.error("Unable to find I_ID in admin request page.");
      return "";
    }
    if (id == TpcwScanner.NO_END) {
      errors.error("Unable to find end of I_ID in admin request page.");
      return "";
    }
    return withIds(url(TpcwState.ADMR) + "?I_ID=" + id);
  }

  /** EBWAdminConfTrans: a new image, thumbnail and cost for the admin page's hidden I_ID. */
  private String adminConfirm(String page) throws Death {
    int id = TpcwScanner.idAfter(page, "I_ID\" TYPE=\"hidden\" VALUE=\"");
    if (id == TpcwScanner.NOT_FOUND) {
      errors.error("Unable to find I_ID in admin confirm page.");
      return "";
    }
    if (id == TpcwScanner.NO_END) {
      errors.error("Unable to find end of I_ID in admin confirm page.");
      return "";
    }
    String image = random.image(config.items());
    String thumbnail = random.thumbnail(config.items());
    int dollars = random.dollars();
    int cents = random.cents();
    return withIds(url(TpcwState.ADMC) + "?I_NEW_IMAGE=" + image + "&I_NEW_THUMBNAIL=" + thumbnail
        + "&I_NEW_COST=" + dollars + "." + (cents < 10 ? "0" : "") + cents + "&I_ID=" + id);
  }

  /**
   * Reads the page a transition brought (its postProcess): the first Home page's session id
   * (error when missing); on a cart page C_ID (silent), the session id and SHOPPING_ID (errors),
   * each only when unknown; on the buy-request page C_ID when unknown (error).
   */
  void read(TpcwState from, TpcwState to, String page) throws Death {
    Transition t = Transition.of(from, to);
    if (t == Transition.INIT) {
      if (sessionId == null) {
        sessionId = TpcwScanner.sessionId(page);
        if (sessionId == null) {
          errors.error("Unable to find session id (;jsessionid= up to ?) in the Home page.");
        }
      }
    } else if (to == TpcwState.SHOP) {
      if (cid == UNKNOWN) {
        cid = TpcwScanner.findId(page, "C_ID=");
      }
      if (sessionId == null) {
        sessionId = TpcwScanner.sessionId(page);
        if (sessionId == null) {
          errors.error("findSessionID: Unable to find SESSIONID tag in shopping cart page.");
        }
      }
      if (shopId == UNKNOWN) {
        shopId = TpcwScanner.findId(page, "SHOPPING_ID=");
        if (shopId == UNKNOWN) {
          errors.error("findId: Unable to find SHOPPING_ID in shopping cart page.");
        }
      }
    } else if (to == TpcwState.BUYR && cid == UNKNOWN) {
      cid = TpcwScanner.findId(page, "C_ID=");
      if (cid == UNKNOWN) {
        errors.error("Unable to find C_ID in buy request page page.");
      }
    }
  }

  /** EB.addIDs: {@code ;jsessionid=} before the query, then C_ID and SHOPPING_ID when known. */
  String withIds(String url) {
    if (sessionId != null) {
      url = addSession(url, sessionId);
    }
    if (cid != UNKNOWN) {
      url = addField(url, "C_ID", Integer.toString(cid));
    }
    if (shopId != UNKNOWN) {
      url = addField(url, "SHOPPING_ID", Integer.toString(shopId));
    }
    return url;
  }

  /** RBE.addSession: the text before the first '?', the id, then '?' and the next '?'-token. */
  static String addSession(String url, String id) {
    StringTokenizer tokens = new StringTokenizer(url, "?");
    String out = tokens.nextToken() + ";jsessionid=" + id;
    if (tokens.hasMoreTokens()) {
      out = out + "?" + tokens.nextToken();
    }
    return out;
  }

  /** RBE.addField: '?' before the first field, '&' before the others. */
  static String addField(String url, String field, String value) {
    return url + (url.indexOf('?') == -1 ? '?' : '&') + field + "=" + value;
  }
}
