/** A compact built-in set of the most used emoji. */
export const EMOJI = [
  ...'😀 😁 😂 🤣 😊 😍 😘 😜 🤔 😎 😭 😡 😱 😴 🙄 😅 😇 🥰 🤩 😏 😢 😤 🥺 🤗 🙂 🙃 😉 😋 🤐 😬',
  ...' 👍 👎 👏 🙏 💪 👌 ✌️ 🤝 👋 🙌 ❤️ 💔 💯 🔥 🎉 🎁 🌹 ☕ 🍺 💰 ✅ ❌ ⭐ 🌙 ☀️ ⚡ 🎂 😷 🤑 🤡',
]
  .join('')
  .split(' ')
  .filter(Boolean);
