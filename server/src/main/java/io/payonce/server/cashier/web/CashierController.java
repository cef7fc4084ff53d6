package io.payonce.server.cashier.web;

import io.payonce.server.cashier.CashierView;
import io.payonce.server.cashier.CashierViews;
import io.payonce.server.cashier.CheckoutSessions;
import io.payonce.server.cashier.QrImage;
import io.payonce.server.channel.BuyerFacts;
import io.payonce.server.channel.BuyerSignIn;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.Handoff;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.BuyerSignIns;
import io.payonce.server.payment.ChannelRefusedException;
import io.payonce.server.payment.ChannelUnavailableException;
import io.payonce.server.payment.PaymentExpiredException;
import io.payonce.server.payment.PaymentInProgressException;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.payment.PaymentQueries;
import io.payonce.server.payment.QrPrecreation;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.databind.json.JsonMapper;

/**
 * The cashier page of one checkout session and the buyer's calls behind it: its state, the poll,
 * the "pay" / "refresh" / "continue" click (on a product the buyer may switch) and the QR image.
 * The page offers the products of the registry that fit the buyer's device ({@link BuyerDevice}):
 * QR codes, and the channels' pages the browser is sent to. Every click goes through the one issuer
 * the merchant API uses, so switching products closes the other one first. The session's token in
 * the address is the only authority: it opens its one order until it expires, and an unknown or
 * expired token is "not found" (nothing tells it from a wrong one). The page itself never creates a
 * payment: only the buyer's click does, so a reload shows the code the order already has.
 */
@Controller
class CashierController {

  private static final Pattern REQUEST_ID = Pattern.compile("[\\x21-\\x7E]{1,64}");

  /**
   * The kinds a click may ask for: a code to scan, a page the browser is sent to, or the JS bridge
   * of the channel's own app (after the buyer's sign-in there).
   */
  private static final Set<PaymentKind> CLICKABLE =
      EnumSet.of(PaymentKind.QR, PaymentKind.WEB, PaymentKind.MOBILE_WEB, PaymentKind.JSAPI);

  /** The cookie holding the state of the sign-in this browser started (checked on its return). */
  static final String SIGN_IN_COOKIE = "payonce_sign_in";

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The longest return address the merchant API takes from a merchant's page, too. */
  private static final int MAX_URL = 256;

  private final CheckoutSessions sessions;
  private final CashierViews views;
  private final QrPrecreation precreation;
  private final PaymentQueries queries;
  private final PaymentProducts products;
  private final BuyerSignIns signIns;
  private final List<String> inAppBrowsers;

  CashierController(
      CheckoutSessions sessions,
      CashierViews views,
      QrPrecreation precreation,
      PaymentQueries queries,
      PaymentProducts products,
      BuyerSignIns signIns,
      @Value("${payonce.cashier.in-app-browsers:}") List<String> inAppBrowsers) {
    this.sessions = sessions;
    this.views = views;
    this.precreation = precreation;
    this.queries = queries;
    this.products = products;
    this.signIns = signIns;
    this.inAppBrowsers = List.copyOf(inAppBrowsers);
  }

  @GetMapping(path = "/cashier/{token}", produces = MediaType.TEXT_HTML_VALUE)
  String page(
      @PathVariable String token,
      @RequestHeader(name = BuyerDevice.MOBILE_HINT, required = false) String mobileHint,
      @RequestHeader(name = "User-Agent", required = false) String userAgent,
      Model model,
      HttpServletResponse response) {
    return render(token, mobileHint, userAgent, null, model, response);
  }

  /**
   * The page as a device sees it; {@code bridge}, when not null, the hand-off the page passes to
   * the channel app's JS bridge at once (after the buyer signed in there).
   */
  private String render(
      String token,
      String mobileHint,
      String userAgent,
      Handoff bridge,
      Model model,
      HttpServletResponse response) {
    Optional<OrderRef> order = sessions.order(token);
    Optional<CashierView> view = order.flatMap(o -> find(o, token));
    if (view.isEmpty()) {
      // A page for people, and the status for everything else: there is no such checkout.
      response.setStatus(HttpServletResponse.SC_NOT_FOUND);
      return "cashier-not-found";
    }
    model.addAttribute("view", view.get());
    model.addAttribute("base", base(token));
    BuyerDevice device = BuyerDevice.of(mobileHint, userAgent, inAppBrowsers);
    // What the page offers depends on the device: a cache must not give a phone a desktop's page.
    response.addHeader("Vary", BuyerDevice.MOBILE_HINT + ", User-Agent");
    // Inside a channel's own app whose sign-in this order's account has, the app's JS bridge is
    // the one way to pay: its codes cannot be scanned from the phone showing them.
    List<CashierOffer> offers =
        ownApp(order.get(), userAgent)
            .map(product -> List.of(new CashierOffer(product)))
            .orElseGet(() -> offers(device));
    model.addAttribute("device", device.name());
    model.addAttribute("offers", offers);
    model.addAttribute(
        "products",
        offers.stream()
            .map(CashierOffer::product)
            .filter(p -> p.kind() == PaymentKind.QR)
            .toList());
    model.addAttribute("bridge", bridge == null ? null : JSON.writeValueAsString(bridge));
    return "cashier";
  }

  /**
   * The JS-bridge product of the channel whose own app this browser is, if the order can use it.
   */
  private Optional<PaymentProduct> ownApp(OrderRef order, String userAgent) {
    return products.of(PaymentKind.JSAPI).stream()
        .filter(
            p ->
                signIns
                    .of(order, p.channel())
                    .filter(signIn -> signIn.isOwnBrowser(userAgent))
                    .isPresent())
        .findFirst();
  }

  /**
   * The first step of paying through a channel app's JS bridge: the browser goes to the channel's
   * sign-in, which sends it back to {@code signed-in} with a code that names the buyer. The state
   * it carries is this browser's own (a cookie of this checkout's path), so a return this browser
   * did not start is not taken.
   */
  @GetMapping(path = "/cashier/{token}/sign-in/{channel}")
  ResponseEntity<Void> signIn(
      @PathVariable String token,
      @PathVariable String channel,
      HttpServletRequest http,
      HttpServletResponse response) {
    OrderRef order = order(token);
    PaymentProduct product = product(channel, PaymentKind.JSAPI);
    BuyerSignIn signIn =
        signIns.of(order, product.channel()).orElseThrow(CheckoutNotFoundException::new);
    byte[] bytes = new byte[18];
    RANDOM.nextBytes(bytes);
    String state = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Cookie cookie = new Cookie(SIGN_IN_COOKIE, state);
    cookie.setPath(base(token));
    cookie.setHttpOnly(true);
    cookie.setSecure(http.isSecure());
    cookie.setMaxAge(600);
    cookie.setAttribute("SameSite", "Lax");
    response.addCookie(cookie);
    URI back =
        URI.create(
            ServletUriComponentsBuilder.fromContextPath(http)
                .path(base(token) + "/signed-in/" + product.channel().path())
                .toUriString());
    return ResponseEntity.status(HttpStatus.FOUND)
        .cacheControl(CacheControl.noStore())
        .location(signIn.signInPage(back, state))
        .build();
  }

  /**
   * The return from the channel's sign-in: the code names the buyer, the order's payment through
   * the app's JS bridge is issued for that buyer (or the one in flight answered), and the page
   * passes it to the bridge at once. A return this browser did not start, a code the channel
   * refuses or cannot check, and an order no longer payable all lead back to the page, which shows
   * where the order stands.
   */
  @GetMapping(path = "/cashier/{token}/signed-in/{channel}", produces = MediaType.TEXT_HTML_VALUE)
  String signedIn(
      @PathVariable String token,
      @PathVariable String channel,
      @RequestParam(required = false) String code,
      @RequestParam(required = false) String state,
      @CookieValue(name = SIGN_IN_COOKIE, required = false) String started,
      @RequestHeader(name = BuyerDevice.MOBILE_HINT, required = false) String mobileHint,
      @RequestHeader(name = "User-Agent", required = false) String userAgent,
      HttpServletRequest http,
      HttpServletResponse response,
      Model model) {
    OrderRef order = order(token);
    PaymentProduct product = product(channel, PaymentKind.JSAPI);
    Cookie spent = new Cookie(SIGN_IN_COOKIE, "");
    spent.setPath(base(token));
    spent.setMaxAge(0);
    response.addCookie(spent);
    response.setHeader("Cache-Control", "no-store");
    Optional<BuyerSignIn> signIn = signIns.of(order, product.channel());
    if (signIn.isEmpty() || code == null || code.isBlank() || !sameState(started, state)) {
      return "redirect:" + base(token);
    }
    ChannelOutcome<String> buyer = signIn.get().channelUserId(code);
    if (!(buyer instanceof ChannelOutcome.Done<String> done)) {
      return "redirect:" + base(token);
    }
    Handoff handoff;
    try {
      handoff =
          precreation
              .handOff(
                  order,
                  product.channel(),
                  PaymentKind.JSAPI,
                  new BuyerFacts(done.value(), http.getRemoteAddr(), null, null),
                  null,
                  false)
              .handoff();
    } catch (OrderNotPayableException
        | PaymentExpiredException
        | PaymentInProgressException
        | ChannelUnavailableException
        | ChannelRefusedException e) {
      return "redirect:" + base(token);
    }
    return render(token, mobileHint, userAgent, handoff, model, response);
  }

  private static boolean sameState(String started, String returned) {
    return started != null
        && returned != null
        && !started.isEmpty()
        && MessageDigest.isEqual(
            started.getBytes(StandardCharsets.UTF_8), returned.getBytes(StandardCharsets.UTF_8));
  }

  /** What the page renders from: on load, after each click, and when polling says it changed. */
  @GetMapping(path = "/cashier/{token}/state", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView state(@PathVariable String token) {
    return find(order(token), token).orElseThrow(CheckoutNotFoundException::new);
  }

  /**
   * What the page polls: the state after asking the channel when the payment in flight is due a
   * query (as {@code GET /pay/query} does for the merchant), so a lost notification does not leave
   * the buyer waiting.
   */
  @GetMapping(path = "/cashier/{token}/query", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView query(@PathVariable String token) {
    OrderRef order = order(token);
    queries.query(order);
    return find(order, token).orElseThrow(CheckoutNotFoundException::new);
  }

  /**
   * The buyer's click: the order's QR code (or a new one) on a channel, or its hand-off to the
   * channel's page (or a new one), then the state to draw and the hand-off to follow. A repeated
   * "continue" is answered from the stored hand-off; asking for another product closes the one in
   * flight first (the issuer does).
   */
  @PostMapping(
      path = "/cashier/{token}/pay",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierPayAnswer pay(
      @PathVariable String token, @RequestBody CashierPayRequest request, HttpServletRequest http) {
    OrderRef order = order(token);
    if (request.requestId() != null && !REQUEST_ID.matcher(request.requestId()).matches()) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("requestId", "must be 1 to 64 visible characters")));
    }
    PaymentProduct product = product(request.channel(), request.paymentKind());
    Handoff handoff = null;
    if (product.kind() == PaymentKind.JSAPI) {
      // The bridge pays only for the buyer the trade names: the browser signs in first, and the
      // payment is issued on its return (signedIn). Nothing is opened here.
      handoff =
          new Handoff.Redirect(
              base(token) + "/sign-in/" + product.channel().path(), null, java.util.Map.of());
    } else if (product.kind() == PaymentKind.QR) {
      precreation.precreate(order, product.channel(), request.requestId(), request.wantsRefresh());
    } else {
      handoff =
          precreation
              .handOff(
                  order,
                  product.channel(),
                  product.kind(),
                  buyer(http, token),
                  request.requestId(),
                  request.wantsRefresh())
              .handoff();
    }
    return new CashierPayAnswer(
        find(order, token).orElseThrow(CheckoutNotFoundException::new), handoff);
  }

  @GetMapping(path = "/cashier/{token}/qr.png", produces = MediaType.IMAGE_PNG_VALUE)
  ResponseEntity<byte[]> qr(@PathVariable String token, @RequestParam String outTradeNo) {
    String qrCode =
        views
            .payableQrCode(order(token), outTradeNo)
            .orElseThrow(() -> new PaymentNotFoundException(outTradeNo));
    return ResponseEntity.ok()
        .cacheControl(CacheControl.noStore())
        .contentType(MediaType.IMAGE_PNG)
        .body(QrImage.png(qrCode));
  }

  private OrderRef order(String token) {
    return sessions.order(token).orElseThrow(CheckoutNotFoundException::new);
  }

  private Optional<CashierView> find(OrderRef order, String token) {
    return views.find(order, base(token));
  }

  private static String base(String token) {
    return "/cashier/" + token;
  }

  /** The products offered on a device, in the order the page shows them. */
  private List<CashierOffer> offers(BuyerDevice device) {
    return device.kinds().stream()
        .flatMap(kind -> products.of(kind).stream())
        .map(CashierOffer::new)
        .toList();
  }

  /**
   * The product the buyer chose by its channel's name and kind; the first of the kind when no
   * channel is named. Any product a click may ask for is taken, whatever the device: the device
   * only decides what the page offers.
   */
  private PaymentProduct product(String channel, PaymentKind kind) {
    if (kind == null || !CLICKABLE.contains(kind)) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("kind", "must be one of " + CLICKABLE)));
    }
    return products.of(kind).stream()
        .filter(p -> channel == null || p.channel().path().equals(channel.toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                new InvalidRequestException(
                    List.of(
                        new FieldViolation(
                            "channel", "is not a channel this server offers this kind on"))));
  }

  /**
   * What the cashier knows of the buyer: the address the click came from, and this page as where
   * the channel's page sends the browser back (after paying, or leaving) — the return proves
   * nothing; the page then follows the payment's status as always.
   */
  private static BuyerFacts buyer(HttpServletRequest http, String token) {
    String page = ServletUriComponentsBuilder.fromContextPath(http).path(base(token)).toUriString();
    String back = page.length() <= MAX_URL ? page : null;
    return new BuyerFacts(null, http.getRemoteAddr(), back, back);
  }
}
