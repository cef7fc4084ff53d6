// The cashier page. Only a click creates a payment: "pay with <channel>" (one button per channel the
// server offers QR codes on, or "start again") asks for the order's QR code on that channel,
// "refresh QR" asks for a new one, and "pay with <the next channel> instead" is the deliberate
// switch: the server closes the shown code at its channel before it issues the other one, so two
// codes are never payable at once. A repeated
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
  // The channels offered, in the server's order, from the pay buttons it rendered: the route name
  // the server takes, the name a payment carries, and the name the buyer reads.
  const ORDER = [];
  const CHANNELS = {};
  document.querySelectorAll('[data-for="READY"] [data-channel]').forEach((button) => {
    ORDER.push(button.dataset.channel);
    CHANNELS[button.dataset.channel] = {
      name: button.dataset.name, payment: button.dataset.payment,
    };
  });
  const channelOf = (p) =>
    ORDER.find((c) => p && CHANNELS[c].payment === p.channel) || ORDER[0];
  const nextAfter = (c) => ORDER[(ORDER.indexOf(c) + 1) % ORDER.length];

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
    // The server draws a code only while it may be paid; the countdown may get there first.
    if (!p.qrImage || (p.expireTime && Date.parse(p.expireTime) <= serverNow())) return 'EXPIRED';
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
    } else if (state === 'READY') {
      $('ready-note').textContent = p && p.status === 'FAIL' ? texts.readyRefused : texts.readyNote;
    }
    show(state);
    if (state === 'WAITING') countdown();
    if (state === 'PAID' || state === 'ORDER_CLOSED') polling = false;
  }

  function countdown() {
    if (!view || failed || root.dataset.state !== 'WAITING') return;
    const left = Math.max(0, Date.parse(view.payment.expireTime) - serverNow());
    const seconds = Math.ceil(left / 1000);
    $('countdown').textContent =
      `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
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

  /** Asks for the order's QR code (or a new one); waits out "try again shortly" answers. */
  async function precreate(refresh, channel) {
    const body = { requestId: requestId(), channel };
    if (refresh) body.refresh = true;
    for (let wait = 1; ; wait++) {
      const response = await fetch(`${base}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        await response.text(); // the page reloads its state; reading the body ends the request
        return;
      }
      const problem = await response.json().catch(() => ({}));
      const kind = (problem.type || '').split('/').pop();
      // Paid, closed or expired: the state shows it (and offers the way on).
      if (kind === 'order-paid' || kind === 'order-closed') return;
      if (kind === 'payment-expired' && !refresh) return;
      const retryAfter = Number(response.headers.get('Retry-After'));
      if (retryAfter > 0 && wait < MAX_WAITS) {
        await sleep(retryAfter * 1000);
        continue;
      }
      throw new Error(problem.detail || problem.title || `HTTP ${response.status}`);
    }
  }

  /** The channel an action asks for: the button's, the shown code's, or the other one's. */
  function channelFor(action, chosen) {
    const current = channelOf(view && view.payment);
    if (action === 'switch') return nextAfter(current);
    if (chosen) return chosen;
    return current;
  }

  async function act(action, chosen) {
    busy = true;
    failed = null;
    setButtons(true);
    try {
      if (action !== 'load') {
        await precreate(action === 'refresh', channelFor(action, chosen));
      }
      await load();
    } catch (e) {
      failed = { message: e.message || String(e), retry: action, channel: chosen };
      render();
    } finally {
      busy = false;
      setButtons(false);
    }
  }

  function clicked(action, chosen) {
    const now = Date.now();
    const key = `${action}:${chosen || ''}`;
    if (busy || (key === lastClick.key && now - lastClick.at < DEBOUNCE_MS)) return;
    lastClick = { key, at: now };
    act(action, chosen);
  }

  root.querySelectorAll('[data-channel]').forEach((button) => {
    button.addEventListener('click', () => clicked('pay', button.dataset.channel));
  });
  root.querySelectorAll('[data-action]').forEach((button) => {
    button.addEventListener('click', () => clicked(button.dataset.action));
  });
  $('retry').addEventListener('click', () =>
    clicked(failed ? failed.retry : 'load', failed ? failed.channel : undefined));

  setInterval(countdown, 1000);
  act('load').then(pollForever);
})();
