// Present: one fullscreen triangle (no vertex buffer) copying a colour texture to the
// window, whatever the window framebuffer's format.  Used after the frame was drawn
// into a framebuffer of our own (see game/render/present.py).
#if defined VERTEX_SHADER
out vec2 v_uv;
void main() {
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
#elif defined FRAGMENT_SHADER
uniform sampler2D u_image;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = vec4(texture(u_image, v_uv).rgb, 1.0);
}
#endif
