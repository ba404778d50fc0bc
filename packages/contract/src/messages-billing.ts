/** Billing: orders, recharges, instances, the ledger (spread into `messages`; docs/decisions.md "Billing"). */
export const billingMessages = {
  amountInvalid: {
    en: 'The amount must be a whole, positive number of fen.',
    'zh-CN': '金额必须是以分为单位的正整数。',
  },
  rechargeTooSmall: { en: 'A recharge must be at least ¥1.00.', 'zh-CN': '充值金额至少为 ¥1.00。' },
  rechargeTooLarge: { en: 'A recharge can be at most ¥100,000.00.', 'zh-CN': '单次充值金额最多为 ¥100,000.00。' },
  levelUnknown: {
    en: 'There is no such instance level: choose Basic, Normal, Enhanced or Professional.',
    'zh-CN': '没有该实例规格：请选择基础型、标准型、增强型或专业型。',
  },
  payTypeUnknown: { en: 'Choose monthly prepaid or pay-as-you-go.', 'zh-CN': '请选择包月预付或按量付费。' },
  monthsInvalid: {
    en: 'A prepaid instance is bought for 1 to 12 months.',
    'zh-CN': '预付实例的购买时长为 1 至 12 个月。',
  },
  // Spec §5: shown in Chinese whatever the language.
  termsNotAccepted: { en: '请阅读并同意购买条款后再购买。', 'zh-CN': '请阅读并同意购买条款后再购买。' },
  guestCannotPurchase: {
    en: 'Guests cannot buy compute or recharge. Register to get an account balance.',
    'zh-CN': '访客不能购买算力或充值。请注册以获得账户余额。',
  },
  ordersPendingTooMany: {
    en: 'You already have {max} unpaid orders. Pay or cancel one in your purchase or recharge record first.',
    'zh-CN': '您已有 {max} 个未支付的订单。请先在购买记录或充值记录中支付或取消其中一个。',
  },
  orderNotFound: { en: 'Order not found.', 'zh-CN': '未找到该订单。' },
  orderNotPending: {
    en: 'This order is no longer pending: only a pending order can be paid or canceled.',
    'zh-CN': '此订单已不是待支付状态：只有待支付的订单可以支付或取消。',
  },
  orderNotInstance: {
    en: 'A recharge is paid at the checkout, not from the balance.',
    'zh-CN': '充值订单须在收银台支付，不能用余额支付。',
  },
  balanceInsufficient: {
    en: 'Your balance is {balance}, and this order costs {amount}. Recharge first, then pay the order from the purchase record.',
    'zh-CN': '您的余额为 {balance}，此订单需 {amount}。请先充值，再在购买记录中支付此订单。',
  },
  capacityUnavailable: {
    en: 'Not enough free capacity for a {level} instance ({cores} cores asked, {free} free). Choose a smaller level or try later.',
    'zh-CN': '没有足够的空闲算力开通{level}实例（需要 {cores} 核，空闲 {free} 核）。请选择较小的规格或稍后再试。',
  },
  instanceNotFound: { en: 'Instance not found.', 'zh-CN': '未找到该实例。' },
  instanceAlreadyEnded: { en: 'This instance has already stopped.', 'zh-CN': '该实例已停止。' },
  instanceStopped: { en: 'The instance is stopped.', 'zh-CN': '实例已停止。' },
  orderCreated: { en: 'Order created.', 'zh-CN': '订单已创建。' },
  orderPaid: { en: 'Order paid: the instance is activating.', 'zh-CN': '订单已支付：实例正在开通。' },
  orderCanceled: { en: 'Order canceled.', 'zh-CN': '订单已取消。' },
  paymentSignatureInvalid: {
    en: 'The payment callback is not signed by the provider.',
    'zh-CN': '支付回调未经支付服务商签名。',
  },
  paymentEventInvalid: {
    en: 'The payment callback does not match its order.',
    'zh-CN': '支付回调与其订单不符。',
  },
  paymentSessionNotFound: { en: 'This checkout does not exist or has ended.', 'zh-CN': '该收银台不存在或已结束。' },
  computeQuotaExhausted: {
    en: 'Your compute quota is used up ({used} of {total} core-hours). Buy an instance on the Purchase page, or ask an administrator for more quota.',
    'zh-CN': '您的算力配额已用完（已用 {used} / {total} 核时）。请在购买页面购买实例，或联系管理员增加配额。',
  },
  adjustmentEmpty: {
    en: 'Give a change of balance or of quota.',
    'zh-CN': '请填写余额或配额的变动。',
  },
  adjustmentReasonRequired: { en: 'Give the reason for this change.', 'zh-CN': '请填写此次变动的原因。' },
  adjustmentOverdraws: {
    en: 'This would leave the balance at {balance}: a balance cannot be taken below zero.',
    'zh-CN': '调整后余额将为 {balance}：余额不能调整为负数。',
  },
  adjustmentSaved: { en: 'Adjustment recorded.', 'zh-CN': '调整已记录。' },
} as const;
