import type { DocumentTexts } from '../documents.ts';

/** The built-in documents in English: the base text the other languages translate (see index.ts). */
export const en = (appName: string): DocumentTexts => ({
  userAgreement: `${appName} User Agreement

1. About this agreement
This agreement is between you and the operator of this ${appName} service. By registering or using ${appName} you accept it. If you do not agree, do not create an account.

2. Your account
You must give accurate information and keep your password, your 6-digit payment PIN and your recovery codes secret. Everything done with your account or PIN is treated as done by you. You can protect your account with a second factor (a passkey or an authenticator app); staff accounts must have one. Tell the operator at once if you think someone else has access. One person may hold one account, and you must be old enough to enter into a contract where you live.

3. Chat and content
You are responsible for the messages, images, voice messages, videos, files and moments you send or post. Do not post anything unlawful, fraudulent, threatening, harassing, infringing or sexually explicit, and do not send spam or malware. The operator may remove content and suspend accounts that break these rules, and acts on complaints from other members.

4. P2P (C2C) trading
Buy and sell orders are agreements between you and the other member. The operator is not a party to them. The buyer pays the seller outside the app; the seller's USDT is held in escrow from the start of the order until it is released or the order is canceled. A buyer marks an order as paid only after actually paying; a seller releases coins only after the payment has arrived in their own account. Marking an order paid without paying, or releasing and then claiming non-payment, may lead to a permanent ban. Cancellations and open orders are limited, and a member found at fault in too many appeals has their trading suspended. If something goes wrong, open an appeal: the support team reviews the evidence and either completes the order or cancels it and returns the escrowed coins to the seller. Their decision on the escrowed coins is final within the service.

5. Wallet
${appName} keeps a custodial USDT balance for you: the operator holds the coins and keeps the record of your balance. Deposits are credited after the network's confirmations. Withdrawals carry a network fee and a service fee, shown before you confirm, and some wait for review by the support team: for example withdrawals from new accounts, large withdrawals, withdrawals that would spend coins other members sent you in the last 24 hours, and every withdrawal for a period after your password or PIN is changed or your second factors are reset. During that period the money you can send to other members is limited too. Always check the network (TRC20, ERC20 or BEP20) and the address: transfers on a blockchain cannot be reversed, and coins sent to a wrong address or network may be lost. Minimum amounts apply to deposits, withdrawals and transfers, and the total you can send out in 24 hours may be limited.

6. Prohibited use
Do not use ${appName} for money laundering, financing terrorism, evading sanctions, fraud or any other unlawful purpose. The operator may ask for information, freeze balances and report activity where the law requires it.

7. Risks and liability
Digital assets carry risk, including price changes, network congestion and regulatory change. The service is provided as it is; to the extent the law allows, the operator is not liable for indirect losses or for losses caused by other members, blockchain networks or events outside its control.

8. Changes and ending
The operator may change this agreement and will show the new version in the app; using the service after a change means accepting it. You may stop using the service at any time after withdrawing your balance. The operator may close accounts that break this agreement.`,

  privacyPolicy: `${appName} Privacy Policy

1. What we collect
Account data: user name, nickname, avatar, profile notes, and hashes of your password and payment PIN (never the plain values). If you add a second factor: your passkeys' public keys, your authenticator app's secret (stored encrypted) and hashes of your recovery codes.
Content: the messages, voice messages, images, videos and files you send, your moments, likes and comments, your friend list, blocked members and group memberships, and your complaints and feedback.
Trading and wallet data: orders, ads, payment methods you add (such as bank card, Alipay or WeChat details), appeal evidence, deposit addresses, saved withdrawal addresses, balances and transaction history.
Technical data: IP address, device and browser information, a device identifier stored by the app, push notification subscriptions, and the time and result of each sign-in.

2. Why we use it
To run your account, deliver messages and notifications, match and settle C2C orders, keep your wallet balance correct, resolve appeals and complaints, protect your account (for example by telling you about a sign-in from a new device and by holding risky withdrawals for review), prevent fraud and abuse, and meet legal obligations.

3. Who sees it
Members you chat with see your messages, nickname, avatar and member ID; your user name is shown only to your friends. Your friends see your moments. In an order, the other party sees the payment details needed to pay you. Support staff see the messages you send to customer service, and the order details and evidence when an appeal is opened. We share data with service providers that help run the service and with authorities when the law requires it. We do not sell your personal data.

4. Blockchain data
Deposits and withdrawals are recorded on public blockchains. Addresses and amounts there are public by nature and cannot be erased by us.

5. How long we keep it
We keep account and transaction records for as long as your account exists and afterwards for as long as the law requires for financial records. Deleting a message or a chat removes it from your own view only; the other members keep their copy. A message you recall within 2 minutes is withdrawn for everyone. Files may remain in backups for a limited time.

6. Security
Your password is stored only as a salted hash, and your payment PIN and recovery codes as salted hashes keyed with a secret kept outside the database, so the plain values cannot be read back. Connections are encrypted, access to personal data is limited to staff who need it, and staff sign in with a second factor. You can add a passkey or an authenticator app, and see your recent sign-ins under Login activity. After a password or PIN change, withdrawals wait for review for a while, so that someone who takes over your account cannot empty it at once. No system is perfectly secure: keep your password, PIN and recovery codes private.

7. Your choices
You can view and edit your profile in the app, block members, turn off notifications in your device or browser settings, and ask the operator for a copy or deletion of your data, subject to the records we must keep by law.

8. Changes
We will show an updated policy in the app when it changes. Questions about privacy can be sent through Help & feedback in the app.`,

  aboutUs: `About ${appName}

${appName} is a minimalist chat app with a built-in USDT wallet and a peer-to-peer marketplace.

Chat with friends one to one or in groups, send voice messages, photos, videos and files, share moments with your friends, and share your QR code to connect.

Buy and sell USDT directly with other members through the C2C market. Pay by bank card, Alipay, WeChat or a card provider; the seller's coins stay in escrow until the order completes, and a support team handles appeals.

Keep USDT in your wallet, deposit and withdraw on TRC20, ERC20 or BEP20, transfer to other members instantly by their member ID, and send transfers and red packets in a chat.

Protect your account with a payment PIN and, if you like, a passkey or an authenticator app.

This ${appName} service is run by its operator on self-hosted software. For help, use Help & feedback or Complaints in the app.`,
});
