// The cashier page. Only a click creates a payment: "pay with <channel>" (one button per product the
// server offers on this device, or "start again") asks for the order's QR code on that channel, or
// its hand-off to the channel's page (the browser goes there at once); "refresh" asks for a new one,
// "continue" asks again for the page in flight (the server answers the same one), and "pay with
// <the next channel> instead" or "pay on <channel>'s website instead" is the deliberate switch: the
// server closes the shown code or page at its channel before it issues the other one, so two are
// never payable at once. Coming back from the channel's page proves nothing: only the polled status
// turns the page Paid. In a channel's own app (WeChat's browser) the one button signs the buyer in
// there first, and the page it comes back to hands the payment to the app's JS bridge. A repeated
// click on the same button is debounced (a double click is one intent; another button soon after
// is a new one), and clicks are ignored while a request is in flight; a reload shows the code the
// order already has. The status is followed by polling GET /pay/query; whenever it differs from
// what is shown, the page reloads its state.
(() => {
  'use strict';
  const POLL_MS = 1500;
  const DEBOUNCE_MS = 1500;
  const MAX_WAITS = 5;
  const PAID_ORDER = ['PAID', 'REFUNDING', 'PARTIALLY_REFUNDED', 'REFUNDED'];
  const root = document.getElementById('cashier');
  // The page's texts in the buyer's language, rendered by the server into data-text-* attributes
  // of #cashier-text; {0} stands for a channel's name or a status code.
  const texts = document.getElementById('cashier-text').dataset;
  const say = (key, arg) => (texts[key] || key).replace('{0}', arg);
  // The products offered, in the server's order, from the pay buttons it rendered: the channel's
  // route name the server takes, the kind, the name a payment carries, and the texts the buyer reads.
  // ORDER lists the channels offering QR codes, which "pay with <the next channel> instead" cycles.
  const ORDER = [];
  const CHANNELS = {};
  const PRODUCTS = {};
  document.querySelectorAll('[data-for="READY"] [data-channel]').forEach((button) => {
    const d = button.dataset;
    if (d.kind === 'QR') ORDER.push(d.channel);
    CHANNELS[d.channel] = { name: d.name, payment: d.payment };
    PRODUCTS[d.product] = {
      channel: d.channel, kind: d.kind, continueText: d.continue, finish: d.finish,
    };
  });
  const FIRST = document.querySelector('[data-for="READY"] [data-channel]');
  const channelOf = (p) =>
    Object.keys(CHANNELS).find((c) => p && CHANNELS[c].payment === p.channel)
      || ORDER[0] || (FIRST && FIRST.dataset.channel);
  const nextAfter = (c) => ORDER[(ORDER.indexOf(c) + 1) % ORDER.length];
  const isHandoff = (p) => !!p && !!p.kind && p.kind !== 'QR';
  // The product of a payment as the page offers it, or null (a barcode payment, say).
  const productOf = (p) => {
    if (!p) return null;
    const c = channelOf(p);
    return Object.values(PRODUCTS).find((x) => x.channel === c && x.kind === (p.kind || 'QR'))
      || null;
  };
  const keyOf = (x) => Object.keys(PRODUCTS).find((k) => PRODUCTS[k] === x);

  const orderNo = root.dataset.orderNo;
  const base = root.dataset.base; // /cashier/{checkout session token}
  const $ = (id) => document.getElementById(id);

  let view = null; // the last CashierView from {base}/state
  let skewMs = 0; // the server's clock minus the browser's
  let busy = false; // a pay or refresh request is in flight
  let lastClick = { key: null, at: 0 }; // a double click repeats a key; another button is a new intent
  let failed = null; // { message, retry } while the page shows the error state
  let polling = true;

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const serverNow = () => Date.now() + skewMs;

  function requestId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  }

  function stateOf(v) {
    const p = v.payment;
    if ((p && p.status === 'SUCCESS') || PAID_ORDER.includes(v.orderStatus)) return 'PAID';
    if (v.orderStatus === 'CLOSED') return 'ORDER_CLOSED';
    if (!p || p.status === 'INIT' || p.status === 'FAIL') return 'READY';
    if (p.status === 'CLOSED') return 'CLOSED';
    // The server draws a code (or offers its page) only while it may be paid; the countdown may
    // get there first.
    const expired = p.expireTime && Date.parse(p.expireTime) <= serverNow();
    if (isHandoff(p)) return p.handedOff && !expired ? 'HANDED_OFF' : 'EXPIRED';
    if (!p.qrImage || expired) return 'EXPIRED';
    return 'WAITING';
  }

  function show(state) {
    root.dataset.state = state;
    root.querySelectorAll('.panel').forEach((panel) => {
      panel.hidden = panel.dataset.for !== state;
    });
  }

  function render() {
    if (failed) {
      $('error-detail').textContent = failed.message;
      show('ERROR');
      return;
    }
    const state = stateOf(view);
    const p = view.payment;
    if (state === 'WAITING') {
      const qr = $('qr');
      if (qr.getAttribute('src') !== p.qrImage) qr.src = p.qrImage;
      qr.dataset.outTradeNo = p.outTradeNo;
      const wallet = $('wallet');
      wallet.hidden = !p.walletUrl;
      if (p.walletUrl) wallet.href = p.walletUrl;
      const shown = CHANNELS[channelOf(p)];
      const other = CHANNELS[nextAfter(channelOf(p))];
      $('waiting-status').textContent = say('scanWith', shown.name);
      qr.alt = say('qrAlt', shown.name);
      root.dataset.channel = channelOf(p);
      const switcher = $('switch');
      if (switcher) switcher.textContent = say('payInstead', other.name);
    } else if (state === 'PAID') {
      $('paid-at').textContent =
        p && p.paidAt ? new Date(p.paidAt).toLocaleString(document.documentElement.lang) : '—';
      $('trade-no').textContent = (p && p.tradeNo) || '—';
      $('paid-channel').textContent = p ? CHANNELS[channelOf(p)].name : '—';
      $('paid-out-trade-no').textContent = (p && p.outTradeNo) || '—';
    } else if (state === 'HANDED_OFF') {
      const product = productOf(p);
      root.dataset.channel = channelOf(p);
      if (product) {
        $('handed-off-status').textContent = product.finish;
        $('continue').textContent = product.continueText;
      }
      const shown = keyOf(product);
      root.querySelectorAll('[data-for="HANDED_OFF"] [data-product]').forEach((b) => {
        b.hidden = b.dataset.product === shown;
      });
    } else if (state === 'EXPIRED') {
      const page = isHandoff(p);
      $('expired-title').textContent = page ? texts.pageExpired : texts.expired;
      $('expired-note').textContent = page ? texts.pageExpiredNote : texts.expiredNote;
      $('refresh').textContent = page ? texts.pageRefresh : texts.refresh;
    } else if (state === 'READY') {
      $('ready-note').textContent = p && p.status === 'FAIL' ? texts.readyRefused : texts.readyNote;
    }
    show(state);
    if (state === 'WAITING' || state === 'HANDED_OFF') countdown();
    if (state === 'PAID' || state === 'ORDER_CLOSED') polling = false;
  }

  function countdown() {
    const state = root.dataset.state;
    if (!view || failed || (state !== 'WAITING' && state !== 'HANDED_OFF')) return;
    const left = Math.max(0, Date.parse(view.payment.expireTime) - serverNow());
    const seconds = Math.ceil(left / 1000);
    const text =
      `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
    root.querySelectorAll(`[data-for="${state}"] [data-countdown]`).forEach((c) => {
      c.textContent = text;
    });
    if (left === 0) render();
  }

  async function load() {
    const sentAt = Date.now();
    const response = await fetch(`${base}/state`, {
      headers: { Accept: 'application/json' }, cache: 'no-store',
    });
    if (!response.ok) throw new Error(say('loadFailed', response.status));
    view = await response.json();
    skewMs = Date.parse(view.serverTime) - (sentAt + Date.now()) / 2;
    render();
  }

  async function poll() {
    if (busy || failed || !view) return;
    try {
      const response = await fetch(`${base}/query`, {
        headers: { Accept: 'application/json' }, cache: 'no-store',
      });
      if (!response.ok) return; // a passing failure: the next poll asks again
      const now = await response.json();
      const shown = view.payment;
      const changed = now.orderStatus !== view.orderStatus
        || (now.payment ? !shown || now.payment.outTradeNo !== shown.outTradeNo
            || now.payment.status !== shown.status : !!shown);
      if (changed && !busy) await load();
    } catch (e) {
      // Offline for a moment: keep polling.
    }
  }

  async function pollForever() {
    while (polling) {
      await sleep(POLL_MS);
      await poll();
    }
  }

  function setButtons(disabled) {
    root.querySelectorAll('button').forEach((b) => { b.disabled = disabled; });
  }

  /**
   * Sends the browser to the channel's page: the signed form when there is one (requests too long
   * for a link), else the link.
   */
  function go(handoff) {
    if (handoff.type === 'bridge') {
      bridge(handoff.params);
    } else if (handoff.formAction) {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = handoff.formAction;
      form.acceptCharset = 'UTF-8';
      form.hidden = true;
      Object.entries(handoff.formFields || {}).forEach(([name, value]) => {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      });
      document.body.appendChild(form);
      form.submit();
    } else {
      window.location.assign(handoff.url);
    }
  }

  /**
   * Hands the signed parameters to the channel app's JS bridge (WeChat's, in its own browser, where
   * the server offers nothing else): the buyer confirms in the app, and its answer proves nothing:
   * the page asks the server, as it polls anyway.
   */
  function bridge(params) {
    const pay = () => window.WeixinJSBridge.invoke('getBrandWCPayRequest', params, () => poll());
    if (window.WeixinJSBridge) pay();
    else document.addEventListener('WeixinJSBridgeReady', pay, { once: true });
  }

  /**
   * Asks for the order's QR code or hand-off (or a new one); waits out "try again shortly" answers.
   * Answers the hand-off to follow, or null.
   */
  async function precreate(refresh, product) {
    const body = { requestId: requestId(), channel: product.channel, kind: product.kind };
    if (refresh) body.refresh = true;
    for (let wait = 1; ; wait++) {
      const response = await fetch(`${base}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        const answer = await response.json().catch(() => ({}));
        return answer.handoff || null;
      }
      const problem = await response.json().catch(() => ({}));
      const kind = (problem.type || '').split('/').pop();
      // Paid, closed or expired: the state shows it (and offers the way on).
      if (kind === 'order-paid' || kind === 'order-closed') return null;
      if (kind === 'payment-expired' && !refresh) return null;
      const retryAfter = Number(response.headers.get('Retry-After'));
      if (retryAfter > 0 && wait < MAX_WAITS) {
        await sleep(retryAfter * 1000);
        continue;
      }
      throw new Error(problem.detail || problem.title || `HTTP ${response.status}`);
    }
  }

  /**
   * The product an action asks for: the button's; the next channel's QR code for "switch"; else the
   * one in flight (refresh, continue, start again), or its channel's QR code when the page does not
   * offer its kind.
   */
  function productFor(action, chosen) {
    const p = view && view.payment;
    const current = channelOf(p);
    if (action === 'switch') return { channel: nextAfter(current), kind: 'QR' };
    if (chosen) return chosen;
    return productOf(p) || { channel: current, kind: 'QR' };
  }

  async function act(action, chosen) {
    busy = true;
    failed = null;
    setButtons(true);
    try {
      if (action !== 'load') {
        const handoff = await precreate(action === 'refresh', productFor(action, chosen));
        if (handoff) {
          go(handoff);
          return; // the browser leaves; the page polls again when it comes back
        }
      }
      await load();
    } catch (e) {
      failed = { message: e.message || String(e), retry: action, product: chosen };
      render();
    } finally {
      busy = false;
      setButtons(false);
    }
  }

  function clicked(action, chosen) {
    const now = Date.now();
    const key = `${action}:${chosen ? `${chosen.channel}/${chosen.kind}` : ''}`;
    if (busy || (key === lastClick.key && now - lastClick.at < DEBOUNCE_MS)) return;
    lastClick = { key, at: now };
    act(action, chosen);
  }

  root.querySelectorAll('[data-channel]').forEach((button) => {
    button.addEventListener('click', () => clicked('pay', {
      channel: button.dataset.channel, kind: button.dataset.kind || 'QR',
    }));
  });
  root.querySelectorAll('[data-action]').forEach((button) => {
    button.addEventListener('click', () => clicked(button.dataset.action));
  });
  $('retry').addEventListener('click', () =>
    clicked(failed ? failed.retry : 'load', failed ? failed.product : undefined));

  setInterval(countdown, 1000);
  if (root.dataset.bridge) {
    // Back from the app's sign-in with the order's bridge payment: pay at once, and keep the
    // sign-in's one-time code out of the address (a reload shows the page, not a spent code).
    window.history.replaceState(null, '', base);
    go(JSON.parse(root.dataset.bridge));
  }
  act('load').then(pollForever);
})();
