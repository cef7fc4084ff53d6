// The demo shop: creates the order through the orders API, then opens its cashier. The order
// number came with the page, so a second submit names the same order (the API answers 200).
(() => {
  'use strict';
  const form = document.getElementById('shop');
  const button = document.getElementById('buy');

  function showErrors(errors) {
    form.querySelectorAll('[data-error-for]').forEach((el) => { el.textContent = ''; });
    errors.forEach(({ field, message }) => {
      const el = form.querySelector(`[data-error-for="${field}"]`)
        || form.querySelector('[data-error-for="form"]');
      el.textContent = field === 'form' ? message : `${field} ${message}`;
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    const data = new FormData(form);
    const orderNo = data.get('orderNo');
    try {
      const response = await fetch('/shop/orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          orderNo,
          amount: String(data.get('amount')).trim(),
          title: String(data.get('title')).trim(),
          appId: data.get('appId'),
        }),
      });
      if (response.ok) {
        const placed = await response.json();
        window.location.assign(placed.cashierUrl);
        return;
      }
      const problem = await response.json().catch(() => ({}));
      if (response.status === 409) {
        showErrors([{ field: 'form', message: 'This order was already placed with other details: reload the page for a new order.' }]);
      } else {
        showErrors(problem.errors || [{ field: 'form', message: problem.detail || `HTTP ${response.status}` }]);
      }
    } catch (e) {
      showErrors([{ field: 'form', message: 'The shop cannot be reached; try again.' }]);
    }
    button.disabled = false;
  });
})();
